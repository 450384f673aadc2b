export { YourTasks } from './components/your-tasks';
export { feature } from './feature';
