export { WeekAtAGlance } from './components/week-at-a-glance';
