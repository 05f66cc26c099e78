/** Facts about the organisation shown in the frame (footer, sign-in notices). */
export const SITE = {
  name: 'Red Dental',
  copyrightYear: 2025,
  publicSiteUrl: import.meta.env.VITE_PUBLIC_SITE_URL ?? 'https://www.reddental.com.ar',
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/reddental.ar' },
    { name: 'Facebook', url: 'https://www.facebook.com/reddental.ar' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/reddental' },
  ],
  developer: { name: 'Sistemas Red Dental', url: 'https://www.reddental.com.ar' },
} as const;
