import { describe, expect, it } from 'vitest';
import { deviceNameFromUserAgent, isAllowedPushEndpoint, isPushServiceHost } from './push-devices.ts';

describe('the form of a push endpoint', () => {
  it('is https, or plain http to this machine (the server then decides whether push may go there)', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QO-abc')).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:8090/notify/abc')).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8090/notify/abc')).toBe(true);
    expect(isAllowedPushEndpoint('http://[::1]:8090/notify/abc')).toBe(true);

    expect(isAllowedPushEndpoint('http://push.example.com/send')).toBe(false);
    expect(isAllowedPushEndpoint('http://192.168.1.10/send')).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost.example.com/send')).toBe(false);
    expect(isAllowedPushEndpoint('ftp://push.example.com/send')).toBe(false);
    expect(isAllowedPushEndpoint('https://user:secret@push.example.com/send')).toBe(false);
    expect(isAllowedPushEndpoint('not a url')).toBe(false);
  });
});

describe("push services' hosts", () => {
  it("knows the browsers' push services, and the hosts the operator adds", () => {
    for (const host of [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'FCM.googleapis.com.',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'api.push.apple.com',
      'wns2-par02p.notify.windows.com',
    ])
      expect(isPushServiceHost(host), host).toBe(true);
    for (const host of [
      'googleapis.com',
      'storage.googleapis.com',
      'push.apple.com',
      'evilpush.apple.com',
      'fcm.googleapis.com.evil.example',
      'push.example.com',
      '127.0.0.1',
    ])
      expect(isPushServiceHost(host), host).toBe(false);
    const extra = ['push.example.com', '*.push.example.net'];
    expect(isPushServiceHost('push.example.com', extra)).toBe(true);
    expect(isPushServiceHost('eu.push.example.net', extra)).toBe(true);
    expect(isPushServiceHost('push.example.net', extra)).toBe(false);
    expect(isPushServiceHost('other.example.com', extra)).toBe(false);
  });
});

describe('a device name from the user agent', () => {
  it('names the browser and the system people know them by', () => {
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet on Android');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toBe('Firefox on Mac');
    expect(deviceNameFromUserAgent('')).toBe('This browser');
  });
});
