/**
 * The part of ical.js 1.5 (which ships no types) that Hearth uses: reading feeds (the calendar page, the
 * feed tests), calendar objects sent over CalDAV, and outside calendars' feeds.
 */
declare module 'ical.js' {
  namespace ICAL {
    type JCal = unknown[];
    class Timezone {
      constructor(component: Component);
      tzid: string;
      static utcTimezone: Timezone;
      static localTimezone: Timezone;
    }
    class Time {
      isDate: boolean;
      year: number;
      month: number;
      day: number;
      hour: number;
      minute: number;
      second: number;
      zone: Timezone;
      toString(): string;
      toJSDate(): Date;
      toUnixTime(): number;
      clone(): Time;
      static fromJSDate(date: Date, useUTC: boolean): Time;
      static fromDateString(value: string): Time;
      static fromData(data: {
        year: number;
        month: number;
        day: number;
        hour: number;
        minute: number;
        second: number;
      }): Time;
    }
    class Duration {
      toSeconds(): number;
    }
    class Recur {
      toString(): string;
      static fromString(value: string): Recur;
    }
    class Property {
      name: string;
      type: string;
      constructor(jcal: JCal | string);
      getFirstValue(): unknown;
      getValues(): unknown[];
      getParameter(name: string): string | undefined;
      setParameter(name: string, value: string): void;
      toJSON(): JCal;
    }
    class Component {
      constructor(jcal: JCal | string);
      name: string;
      getAllSubcomponents(name?: string): Component[];
      getFirstSubcomponent(name: string): Component | null;
      getFirstProperty(name: string): Property | null;
      getAllProperties(name?: string): Property[];
      getFirstPropertyValue(name: string): unknown;
      hasProperty(name: string): boolean;
      toJSON(): JCal;
      toString(): string;
      addProperty(property: Property): Property;
      addSubcomponent(component: Component): Component;
      removeSubcomponent(component: Component | string): boolean;
      removeAllSubcomponents(name?: string): void;
      addPropertyWithValue(name: string, value: unknown): Property;
      removeAllProperties(name?: string): boolean;
      updatePropertyWithValue(name: string, value: unknown): Property;
    }
    class RecurExpansion {
      next(): Time | undefined;
    }
    interface OccurrenceDetails {
      recurrenceId: Time;
      item: Event;
      startDate: Time;
      endDate: Time;
    }
    namespace TimezoneService {
      function register(component: Component): void;
    }
    class Event {
      constructor(component: Component, options?: { strictExceptions?: boolean; exceptions?: Component[] });
      isRecurring(): boolean;
      isRecurrenceException(): boolean;
      component: Component;
      uid: string;
      summary: string;
      description: string;
      location: string;
      sequence: number;
      startDate: Time;
      endDate: Time;
      relateException(exception: Event): void;
      iterator(start?: Time): RecurExpansion;
      getOccurrenceDetails(occurrence: Time): OccurrenceDetails;
    }
    function parse(input: string): JCal;
  }
  export default ICAL;
}
