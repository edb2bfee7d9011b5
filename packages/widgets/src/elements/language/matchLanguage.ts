/**
 * The catalogue for a BCP 47 tag, of those `has` knows (`en` when none fits): `pt-BR` → `pt`,
 * `pt-PT` → `pt-PT`, `zh-TW`/`zh-HK`/`zh-Hant` → `zh-Hant`, `zh`/`zh-CN` → `zh-Hans`, `no`/`nn` → `nb`,
 * else its base language (`de-CH` → `de`).
 */
export function matchLanguage(tag: string, has: (name: string) => boolean): string {
  const [base = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  const names =
    base === 'zh'
      ? [rest.some((part) => /^(hant|tw|hk|mo)$/.test(part)) ? 'zh-Hant' : 'zh-Hans']
      : base === 'pt' && rest.includes('pt')
        ? ['pt-PT', 'pt']
        : [/^n[no]$/.test(base) ? 'nb' : base];
  return names.find(has) ?? 'en';
}
