import { DEFAULT_TILE_URL, PUBLIC_CONFIG_META_NAME } from '@red-dental/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getPublicConfig, resetPublicConfigForTests } from './config.ts';

function setMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = PUBLIC_CONFIG_META_NAME;
  meta.setAttribute('content', content);
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.remove();
  resetPublicConfigForTests();
});

describe('getPublicConfig', () => {
  it('reads the tile URL the server wrote into the page, once', () => {
    setMeta(JSON.stringify({ tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' }));
    expect(getPublicConfig().tileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');

    document.head.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)!.setAttribute('content', '{}');
    expect(getPublicConfig().tileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });

  it('falls back to the default without a meta', () => {
    expect(getPublicConfig().tileUrl).toBe(DEFAULT_TILE_URL);
  });

  it('falls back to the default when the meta is not usable', () => {
    setMeta('{not json');
    expect(getPublicConfig().tileUrl).toBe(DEFAULT_TILE_URL);
    resetPublicConfigForTests();
    document.head
      .querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)!
      .setAttribute('content', JSON.stringify({ tileUrl: 42 }));
    expect(getPublicConfig().tileUrl).toBe(DEFAULT_TILE_URL);
  });
});
