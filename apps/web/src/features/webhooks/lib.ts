import { HOUSE_EVENT_TYPES, type HouseEventType } from '@hearth/contract';
import { t } from '../../lib/i18n';

/** The events people choose from (a ping is what "Send a test" sends, to any webhook). */
export const CHOOSABLE_EVENTS = HOUSE_EVENT_TYPES.filter((e) => e !== 'ping');

/** An event type as people read it ("Task done"); an unknown one as it is. */
export function eventLabel(type: string): string {
  return (HOUSE_EVENT_TYPES as readonly string[]).includes(type)
    ? t(`webhooks:eventTypes.${type as HouseEventType}`)
    : type;
}
