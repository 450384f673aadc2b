export { feature } from './feature';
