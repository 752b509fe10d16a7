import { ButtonLink } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { StaticPage } from '@/features/static/components/static-page';
import { useTitle } from '@/lib/use-title';

export default function AboutPage() {
  useTitle('About');
  return (
    <StaticPage title="About us" lead="Tees that say what you’re too cool to say out loud.">
      <p>
        {env.shopName} started in 2021 in a one-room studio in Bengaluru, with a second-hand screen
        printer, a stack of plain cotton tees and three friends who were tired of wearing the same
        five slogans as everyone else. We printed our first fifty shirts for a college fest, sold
        out before lunch, and never looked back.
      </p>
      <h2>What we make</h2>
      <p>
        Printed T-shirts for every mood: loud graphics, inside jokes, retro film posters, desi
        wordplay, anime nights and quiet minimal designs for days when you don’t want to talk. Every
        design is drawn by young Indian artists, many of them still in college, and every artist
        earns a share of each shirt sold.
      </p>
      <h2>How we make it</h2>
      <ul>
        <li>
          100% combed cotton that stays soft wash after wash, in sizes XS to 3XL, with a size guide
          to find yours.
        </li>
        <li>
          Water-based inks printed in small batches in Tiruppur, so nothing sits unsold in a
          warehouse.
        </li>
        <li>Plastic-free packaging and delivery across India.</li>
      </ul>
      <h2>Who it’s for</h2>
      <p>
        You, on your way to class, to a gig, to a first day at work or to your couch. Wear your
        vibe, mix it up, and tag us when you do: the best photos end up on our wall.
      </p>
      <div className="pt-2">
        <ButtonLink to={paths.home} size="lg">
          Browse the collection
        </ButtonLink>
      </div>
    </StaticPage>
  );
}
