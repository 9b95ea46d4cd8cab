// One notification at a time: a new one replaces whatever is showing or queued, so a run of saves,
// matches and refusals never stacks toasts over the page (the bookkeeper's review saw three at once
// covering a phone's list). Screens call notify() instead of Mantine's notifications.show().
import { type NotificationData, notifications } from '@mantine/notifications';

export function notify(data: NotificationData): string {
  notifications.clean();
  return notifications.show(data);
}
