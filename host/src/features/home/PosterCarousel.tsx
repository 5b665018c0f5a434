import { ActionIcon, Link } from '@suwerte/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '@suwerte/ui';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
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
// Each poster is a real link to the game its 'PLAY NOW' (painted into the art) promises.
const POSTERS = [
  { src: sportsPoster, phone: sportsPhone, to: '/Sports', alt: 'Basketball Ending and jackpot betting — bet on the last digits of every quarter. Play now' },
  { src: lottoPoster, phone: lottoPhone, to: '/Lotto', alt: 'Lotto draws today — Pick 3, Pick 12, EZ 2 and Mega Millions. Play now' },
  { src: kareraPoster, phone: kareraPhone, to: '/VideoKarera', alt: 'Video Karera — pick Uno or Dos in a live two-horse race. Play now' },
] as const;

/** A horizontal move this long (px) is a swipe, not a tap. */
const SWIPE_PX = 40;

const PHONE = '(max-width: 48em)';

export function PosterCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const paused = hovered || focused || touched;
  const next = () => setIndex((current) => (current + 1) % POSTERS.length);
  const previous = () => setIndex((current) => (current - 1 + POSTERS.length) % POSTERS.length);
  const gesture = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  // One timer per shown poster: every move, automatic or manual, starts the 8 s again.
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % POSTERS.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, index]);

  // Auto-advance pauses while a finger is on the posters; a horizontal swipe changes poster.
  const pointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    gesture.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
    setTouched(true);
  };
  const pointerUp = (event: PointerEvent) => {
    const start = gesture.current;
    gesture.current = null;
    setTouched(false);
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    if (dx < 0) next();
    else previous();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured games"
      className={classes.viewport}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onPointerDown={pointerDown}
      onPointerUp={pointerUp}
      onPointerCancel={() => {
        gesture.current = null;
        setTouched(false);
      }}
      // A swipe that ends on a poster is not a tap on its link.
      onClickCapture={(event) => {
        if (!swiped.current) return;
        swiped.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
      data-paused={paused || undefined}
    >
      <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {POSTERS.map((poster, i) => (
          <div
            key={poster.src}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${POSTERS.length}`}
            // Hidden slides are out of the tab order and the accessibility tree.
            inert={i !== index}
          >
            <Link to={poster.to} className={classes.posterLink} draggable={false}>
              <picture>
                <source media={PHONE} srcSet={poster.phone} width={900} height={506} />
                <img
                  src={poster.src}
                  alt={poster.alt}
                  width={1600}
                  height={600}
                  draggable={false}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                />
              </picture>
            </Link>
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
