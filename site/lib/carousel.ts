// The home page's testimonials (site/components/HomeTestimonials.astro): previous/next wrap
// around; a dot jumps to its slide.

document.addEventListener('click', (event) => {
  const control = (event.target as Element | null)?.closest<HTMLElement>('[data-carousel-step], [data-carousel-dot]');
  const carousel = control?.closest('[data-carousel]');
  if (!control || !carousel) return;
  const slides = [...carousel.querySelectorAll<HTMLElement>('[data-slide]')];
  const current = slides.findIndex((slide) => !slide.hidden);
  const next =
    control.dataset.carouselDot !== undefined
      ? Number(control.dataset.carouselDot)
      : (current + Number(control.dataset.carouselStep) + slides.length) % slides.length;
  slides.forEach((slide, i) => (slide.hidden = i !== next));
  carousel.querySelectorAll<HTMLElement>('[data-carousel-dot]').forEach((dot, i) => {
    dot.classList.toggle('active', i === next);
    if (i === next) dot.setAttribute('aria-current', 'true');
    else dot.removeAttribute('aria-current');
  });
});
