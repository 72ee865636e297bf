import { BellRing, CircleAlert, Info } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { usePushConfig } from '#client/lib/device-notifications/get-push-config.ts';
import { setDeviceOptIn, useDeviceOptIn } from '#client/lib/device-notifications/opt-in.ts';
import { useDevicePermission } from '#client/lib/device-notifications/permission.ts';
import { isPushSupported } from '#client/lib/device-notifications/push-support.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { SettingSwitch } from './setting-switch.tsx';
import { SettingsCard } from './settings-card.tsx';

// Subscribing and unsubscribing are fetched once the page is idle (or when first needed), not with
// the settings' first load, which is near its 150 KB budget (decision 014).
const pushCode = loadOnce(() => import('#client/lib/device-notifications/push-subscription.ts'));

/** What went wrong the last time the switch was turned on, if anything. */
type Problem = 'dismissed' | 'push-failed' | null;

function Note({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  const Icon = tone === 'warning' ? CircleAlert : Info;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Icon
        className={
          tone === 'warning'
            ? 'mt-0.5 size-4 shrink-0 text-destructive'
            : 'mt-0.5 size-4 shrink-0 text-primary'
        }
        aria-hidden="true"
      />
      <span>{children}</span>
    </p>
  );
}

/**
 * 'Show notifications on this device': a choice per browser (the permission is per browser
 * too). On: the browser shows new notifications while Grounded is open, and with Web Push
 * configured on the server, this browser is subscribed so they arrive when it is closed too.
 */
export function DeviceNotificationsCard() {
  const id = useId();
  const isOptedIn = useDeviceOptIn();
  const permission = useDevicePermission();
  const pushConfig = usePushConfig();
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [hasPushSubscription, setHasPushSubscription] = useState(false);
  useIdlePreload(pushCode.preload);

  const isSupported = permission !== 'unsupported';
  const isOn = isOptedIn && permission === 'granted';
  const publicKey = pushConfig.data?.enabled ? pushConfig.data.public_key : null;

  useEffect(() => {
    if (!isOn || !publicKey) return;
    let isCurrent = true;
    pushCode
      .load()
      .then(({ currentPushSubscription }) => currentPushSubscription())
      .then((subscription) => {
        if (isCurrent) setHasPushSubscription(subscription !== null);
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [isOn, publicKey]);

  async function turnOn() {
    const answer = permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (answer !== 'granted') {
      // 'denied' is explained from the permission itself, below.
      setProblem(answer === 'default' ? 'dismissed' : null);
      return;
    }
    setDeviceOptIn(true);
    if (!publicKey || !isPushSupported()) return;
    try {
      await (await pushCode.load()).subscribeToPush(publicKey);
      setHasPushSubscription(true);
    } catch {
      setProblem('push-failed');
    }
  }

  async function turnOff() {
    setDeviceOptIn(false);
    setHasPushSubscription(false);
    try {
      await (await pushCode.load()).unsubscribeFromPush();
    } catch {
      // The opt-in is off, so nothing is shown while the app is open; a subscription the
      // browser kept is dropped by the server at its next push.
    }
  }

  async function change(checked: boolean) {
    setProblem(null);
    setIsBusy(true);
    try {
      await (checked ? turnOn() : turnOff());
    } finally {
      setIsBusy(false);
    }
  }

  const notes: ReactNode[] = [];
  if (!isSupported) {
    notes.push(
      <Note key="unsupported" tone="warning">
        This browser can&apos;t show notifications.
      </Note>,
    );
  } else if (permission === 'denied') {
    notes.push(
      <Note key="denied" tone="warning">
        Notifications are blocked for Grounded in this browser. To allow them, open the site
        settings from the icon at the left of the address bar, set Notifications to Allow, then turn
        this on.
      </Note>,
    );
  } else if (problem === 'dismissed') {
    notes.push(
      <Note key="dismissed" tone="warning">
        The browser didn&apos;t get permission to show notifications. Turn this on again to be asked
        once more.
      </Note>,
    );
  }
  if (isSupported && pushConfig.data && !pushConfig.data.enabled) {
    notes.push(
      <Note key="no-push">
        Push notifications are not configured on this server, so notifications appear only while
        Grounded is open.
      </Note>,
    );
  } else if (isSupported && publicKey && !isPushSupported()) {
    notes.push(
      <Note key="no-push-here">
        This browser can&apos;t receive push notifications, so notifications appear only while
        Grounded is open.
      </Note>,
    );
  } else if (problem === 'push-failed') {
    notes.push(
      <Note key="push-failed" tone="warning">
        This browser couldn&apos;t subscribe to push notifications, so notifications appear only
        while Grounded is open.
      </Note>,
    );
  } else if (isOn && hasPushSubscription) {
    notes.push(
      <Note key="push">Notifications arrive on this device even when Grounded is closed.</Note>,
    );
  }

  return (
    <SettingsCard
      id="device-notifications"
      title="This device"
      description="Notifications from Grounded in this browser. The choice is kept on this device only."
      icon={BellRing}
    >
      <div className="space-y-4">
        <SettingSwitch
          id={`${id}-device`}
          label="Show notifications on this device"
          description="Your journal reminders and daily verses appear as notifications from this browser."
          checked={isOn}
          disabled={!isSupported || isBusy}
          onCheckedChange={(checked) => void change(checked)}
        />
        {/* Always present, so that screen readers hear the notes that appear after a change. */}
        <div aria-live="polite">
          {notes.length > 0 ? (
            <div className="space-y-2 rounded-xl border border-border bg-background/60 p-4">
              {notes}
            </div>
          ) : null}
        </div>
      </div>
    </SettingsCard>
  );
}
