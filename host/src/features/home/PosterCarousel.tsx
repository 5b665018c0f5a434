import { ActionIcon, ChevronLeftIcon, ChevronRightIcon, useInterval } from '@suwerte/shared';
import { useEffect, useState } from 'react';
import classes from './PosterCarousel.module.css';
import kareraPhone from './posters/karera-phone.svg';
import kareraPoster from './posters/karera.svg';
import lottoPhone from './posters/lotto-phone.svg';
import lottoPoster from './posters/lotto.svg';
import sportsPhone from './posters/sports-phone.svg';
import sportsPoster from './posters/sports.svg';

/** Spec: 3 posters, auto-advancing every 8 s, dots and arrows on desktop. */
export const CAROUSEL_INTERVAL_MS = 8000;

// Phones get their own 16:9 art: the wide posters would shrink their text to nothing, and the
// taller poster is also the page's largest paint (LCP), drawn with the shell rather than
// waiting for a remote widget's image.
const POSTERS = [
  { src: sportsPoster, phone: sportsPhone, alt: 'Basketball Ending and jackpot betting — bet on the last digits of every quarter' },
  { src: lottoPoster, phone: lottoPhone, alt: 'Lotto draws today — Pick 3, Pick 12, EZ 2 and Mega Millions' },
  { src: kareraPoster, phone: kareraPhone, alt: 'Video Karera — pick Uno or Dos in a live two-horse race' },
] as const;

const PHONE = '(max-width: 48em)';

export function PosterCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const next = () => setIndex((current) => (current + 1) % POSTERS.length);
  const previous = () => setIndex((current) => (current - 1 + POSTERS.length) % POSTERS.length);
  const interval = useInterval(next, CAROUSEL_INTERVAL_MS);

  useEffect(() => {
    if (paused) return undefined;
    interval.start();
    return interval.stop;
    // Restart the 8 s timer after every manual move as well.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused, index]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured games"
      className={classes.viewport}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {POSTERS.map((poster, i) => (
          <div
            key={poster.src}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${POSTERS.length}`}
            aria-hidden={i !== index}
          >
            <picture>
              <source media={PHONE} srcSet={poster.phone} width={900} height={506} />
              <img
                src={poster.src}
                alt={poster.alt}
                width={1600}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
            </picture>
          </div>
        ))}
      </div>
      <ActionIcon className={`${classes.arrow} ${classes.prev}`} variant="filled" color="dark" radius="xl" size="lg" onClick={previous} aria-label="Previous poster">
        <ChevronLeftIcon size={20} />
      </ActionIcon>
      <ActionIcon className={`${classes.arrow} ${classes.next}`} variant="filled" color="dark" radius="xl" size="lg" onClick={next} aria-label="Next poster">
        <ChevronRightIcon size={20} />
      </ActionIcon>
      <div className={classes.dots}>
        {POSTERS.map((poster, i) => (
          <button
            key={poster.src}
            type="button"
            className={classes.dot}
            aria-label={`Show poster ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
