// What src/server/load-dev-tools.ts loads outside production: everything in src/server/dev.
export { devRoutes } from './dev.routes.ts';
export { readReminderSimulation, startSimulatedReminderScheduler } from './reminder-simulation.ts';
