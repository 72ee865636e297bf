import { toast } from 'sonner';

type Action = { label: string; onClick: () => void };

/** Toasts as spec §9 sets them: success 4000 ms, destructive 6000 ms. */
export const notify = {
  success(title: string, description?: string, action?: Action): void {
    toast.success(title, { description, duration: 4000, action });
  },
  info(title: string, description?: string, action?: Action): void {
    toast(title, { description, duration: 4000, action });
  },
  error(title: string, description?: string, action?: Action): void {
    toast.error(title, { description, duration: 6000, action });
  },
};
