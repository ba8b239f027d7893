/**
 * The task pane's controllers, made once over its services: the BOM flow's, the order review's and the several-BOMs
 * view's. The pane's entry (index.tsx) makes them and hands them to <App>; tests make them the same way.
 */
import { PaneController } from './controller';
import { OrderController } from './order/controller';
import { PurchaseController } from './purchase/controller';
import type { PaneServices } from './services';

export interface PaneControllers {
  pane: PaneController;
  order: OrderController;
  purchase: PurchaseController;
}

export function paneControllers(services: PaneServices): PaneControllers {
  return {
    pane: new PaneController(services),
    order: new OrderController(services),
    purchase: new PurchaseController({
      book: services.book,
      store: services.purchases,
      choices: services.workbook,
      settings: services.settings,
      getScheduler: () => services.getScheduler(),
      getRateBook: () => services.getRateBook(),
      now: () => services.now(),
    }),
  };
}
