import { Button } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LiveBanners } from '../../app/site-queries.ts';

type Banner = LiveBanners[number];

/** A same-origin path opens in the app; an https address leaves the site in a new tab. */
function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  if (!banner.link) return <>{children}</>;
  if (banner.link.startsWith('/')) return <Link to={banner.link}>{children}</Link>;
  return (
    <a href={banner.link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The home page's banners (WAI-ARIA carousel pattern): one slide shown at a time, previous and
 * next buttons, a picker per slide, ←/→ while focus is inside. It never turns by itself — no
 * autoplay to pause, and the slide change is instant under prefers-reduced-motion (app.css).
 * Hidden slides are inert, so Tab reaches only the shown slide's link.
 */
export function BannerCarousel({ banners }: { banners: LiveBanners }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const current = Math.min(index, banners.length - 1);
  const go = (to: number) => setIndex((to + banners.length) % banners.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };
  const several = banners.length > 1;
  return (
    <section
      className="xa-carousel"
      aria-roledescription={t('site.carousel.role')}
      aria-label={t('site.carousel.label')}
      onKeyDown={several ? onKeyDown : undefined}
      data-testid="home-banners"
    >
      <div className="xa-carousel-viewport">
        <div className="xa-carousel-track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className="xa-carousel-slide"
              role="group"
              aria-roledescription={t('site.carousel.slide')}
              aria-label={t('site.carousel.position', { n: i + 1, total: banners.length })}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              <BannerLink banner={banner}>
                <img
                  src={banner.imageUrl}
                  alt={banner.title}
                  loading={i === 0 ? 'eager' : 'lazy'}
                />
              </BannerLink>
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="xa-carousel-controls">
          <Button
            variant="minimal"
            icon={<ChevronLeftIcon />}
            aria-label={t('site.carousel.previous')}
            onClick={() => go(current - 1)}
          />
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className="xa-carousel-dot"
              aria-label={t('site.carousel.show', { title: banner.title })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
          <Button
            variant="minimal"
            icon={<ChevronRightIcon />}
            aria-label={t('site.carousel.next')}
            onClick={() => go(current + 1)}
          />
        </div>
      )}
      <p className="xa-carousel-live" aria-live="polite">
        {banners[current]!.title}
      </p>
    </section>
  );
}
