export { Tonight } from './components/tonight';
