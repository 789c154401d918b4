import { useState } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from './button.tsx';

/**
 * An emailed link opened in another browser than the one that asked for it: mail
 * gateways open every link in a browser that runs scripts, so here nothing is spent until the member
 * presses the one button.
 */
export function OpenedElsewhere({ label, onContinue }: { label: string; onContinue: () => void }) {
  const m = useMessages();
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <p>{m.openedElsewhere.body}</p>
      <Button
        disabled={pressed}
        onClick={() => {
          setPressed(true);
          onContinue();
        }}
      >
        {label}
      </Button>
    </>
  );
}
