import { useEffect } from 'react';
import { useConfig } from '../config-context.tsx';

/** SPEC §1, §9: the chat widget loads 1000 ms after first render. */
const chatWidgetDelayMs = 1000;

/**
 * Loads the third-party chat widget's script after the delay, asynchronously, so it never blocks
 * the first paint or hydration. Nothing loads unless the widget is enabled with a script URL.
 */
export function ChatWidget() {
  const { chatWidget } = useConfig();
  const scriptUrl = chatWidget.enabled ? chatWidget.scriptUrl : null;
  useEffect(() => {
    if (!scriptUrl) return;
    // Lets tests and performance tools see when the delay started.
    performance.mark?.('chat-widget-scheduled');
    const timer = window.setTimeout(() => {
      if (document.querySelector('script[data-chat-widget]')) return;
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset.chatWidget = 'true';
      document.body.appendChild(script);
    }, chatWidgetDelayMs);
    return () => window.clearTimeout(timer);
  }, [scriptUrl]);
  return null;
}
