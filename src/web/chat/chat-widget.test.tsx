import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type PublicConfig, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '../config-context.tsx';
import { ChatWidget } from './chat-widget.tsx';

const scriptUrl = 'https://chat.example.com/widget.js';
const chatScripts = () => document.querySelectorAll('script[data-chat-widget]');

function renderWith(chatWidget: PublicConfig['chatWidget']) {
  return render(
    <ConfigContext.Provider value={{ ...toPublicConfig(defaultConfig), chatWidget }}>
      <ChatWidget />
    </ConfigContext.Provider>,
  );
}

describe('chat widget (SPEC §1, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    for (const script of chatScripts()) script.remove();
  });

  it('chat: the script is added 1000 ms after first render, async, once', () => {
    renderWith({ enabled: true, scriptUrl });
    act(() => vi.advanceTimersByTime(999));
    expect(chatScripts()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(chatScripts()).toHaveLength(1);
    const script = chatScripts()[0] as HTMLScriptElement;
    expect(script.src).toBe(scriptUrl);
    expect(script.async).toBe(true);
  });

  it('chat: nothing loads when disabled or without a script URL', () => {
    renderWith({ enabled: false, scriptUrl });
    renderWith({ enabled: true, scriptUrl: null });
    act(() => vi.advanceTimersByTime(5000));
    expect(chatScripts()).toHaveLength(0);
  });

  it('chat: leaving before the delay loads nothing', () => {
    const view = renderWith({ enabled: true, scriptUrl });
    act(() => vi.advanceTimersByTime(500));
    view.unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(chatScripts()).toHaveLength(0);
  });
});
