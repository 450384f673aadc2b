import { HOUSE_EVENT_TYPES, type HouseEventType } from '@hearth/contract';
import { t } from '../../lib/i18n';

/** The events people choose from (a ping is what "Send a test" sends, to any webhook). */
export const CHOOSABLE_EVENTS = HOUSE_EVENT_TYPES.filter((e) => e !== 'ping');

/** `task.done` -> `task_done`: the catalogue's key for an event type. */
type EventKey<T extends string> = T extends `${infer A}.${infer B}` ? `${A}_${B}` : T;

function eventKey<T extends HouseEventType>(type: T): EventKey<T> {
  return type.replace('.', '_') as EventKey<T>;
}

/** An event type as people read it ("Task done"); an unknown one as it is. */
export function eventLabel(type: string): string {
  return (HOUSE_EVENT_TYPES as readonly string[]).includes(type)
    ? t(`webhooks:eventTypes.${eventKey(type as HouseEventType)}`)
    : type;
}
