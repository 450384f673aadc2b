export { ExternalCalendarsPanel } from './components/external-calendars-panel';
