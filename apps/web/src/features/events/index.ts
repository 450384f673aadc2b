export { WeekAtAGlance } from './components/week-at-a-glance';
export { feature } from './feature';
