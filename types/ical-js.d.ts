/** The part of ical.js 1.5 (which ships no types) that Hearth reads feeds with: the calendar page and the feed tests. */
declare module 'ical.js' {
  namespace ICAL {
    type JCal = unknown[];
    class Timezone {
      tzid: string;
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
    }
    class Property {
      name: string;
      type: string;
      getFirstValue(): unknown;
      getParameter(name: string): string | undefined;
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
      constructor(component: Component);
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
