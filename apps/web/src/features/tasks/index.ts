export { YourTasks } from './components/your-tasks';
