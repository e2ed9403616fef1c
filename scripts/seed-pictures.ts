/**
 * Generates the seed's pictures (issue #30 item 11): hospital gallery photos, organization logos and doctor
 * portraits, drawn as SVG scenes here and encoded to small WebP files with sharp. The output is committed in
 * public/images/seed/ (the seed points at it); run `npx tsx scripts/seed-pictures.ts` after changing a drawing.
 * Deterministic: the same drawings and encoder settings give the same files. Licence: CC0 1.0 (our own work,
 * public/images/seed/LICENSE.txt).
 */
import { mkdirSync, writeFileSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'public', 'images', 'seed');
const W = 1128;
const H = 320;

const shade = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

/** Soft daylight from the left and a vignette: what makes a flat drawing read as a photo. */
const LIGHT = `<defs>
  <linearGradient id="light" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient>
  <radialGradient id="vig" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd6dc"/><stop offset="1" stop-color="#9aa6b0"/></linearGradient>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fc3ea"/><stop offset="1" stop-color="#e3f1fb"/></linearGradient>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ea"/><stop offset="1" stop-color="#e2ddd2"/></linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bfe0f5"/><stop offset=".55" stop-color="#e9f5fc"/><stop offset="1" stop-color="#a9cbe3"/></linearGradient>
</defs>`;
const FINISH = `<rect width="${W}" height="${H}" fill="url(#light)"/><rect width="${W}" height="${H}" fill="url(#vig)"/>`;

function plant(x: number, y: number, s = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-18" y="-10" width="36" height="40" rx="4" fill="#8a6a4f"/>
    ${[-28, -12, 4, 20, -4].map((dx, i) => `<ellipse cx="${dx}" cy="${-34 - (i % 2) * 14}" rx="16" ry="30" fill="${i % 2 ? '#3f8f4f' : '#2f7a44'}" transform="rotate(${dx} ${dx} -20)"/>`).join('')}</g>`;
}

function windowRow(y: number, h: number, count: number, x0: number, w: number, gap: number): string {
  return Array.from({ length: count }, (_, i) => `${shade(x0 + i * (w + gap), y, w, h, 'url(#glass)', 'stroke="#7d8a96" stroke-width="4"')}
    <line x1="${x0 + i * (w + gap) + w / 2}" y1="${y}" x2="${x0 + i * (w + gap) + w / 2}" y2="${y + h}" stroke="#7d8a96" stroke-width="3"/>`).join('');
}

const SCENES: Record<string, string> = {
  // Reception: a desk with a counter light, windows behind, plants, ceiling lights.
  lobby: `${shade(0, 0, W, 230, 'url(#wall)')}${shade(0, 0, W, 18, '#e9e6df')}
    ${[150, 420, 690, 960].map((x) => `<ellipse cx="${x}" cy="14" rx="70" ry="6" fill="#fffbe8"/>`).join('')}
    ${windowRow(40, 150, 4, 600, 110, 16)}
    ${shade(0, 230, W, 90, 'url(#floor)')}
    <rect x="90" y="150" width="430" height="110" rx="10" fill="#2c6e91"/><rect x="90" y="150" width="430" height="16" rx="6" fill="#e8eef2"/>
    <rect x="110" y="190" width="390" height="6" fill="#6fb6d9" opacity=".8"/>
    <path d="M290 70h30v30h30v30h-30v30h-30v-30h-30v-30h30z" fill="#1c8a5a" transform="translate(0 -30) scale(1 .8)"/>
    <circle cx="210" cy="128" r="15" fill="#c98f6b"/><rect x="192" y="143" width="36" height="16" rx="8" fill="#f5f7f9"/>
    ${plant(560, 250, 1.2)}${plant(1080, 250, 1.1)}
    <rect x="720" y="238" width="210" height="40" rx="10" fill="#7d93a6"/><rect x="720" y="226" width="210" height="18" rx="9" fill="#92a8ba"/>`,
  // A patient room: bed, bedside table, window with curtain, IV stand.
  room: `${shade(0, 0, W, 240, '#e7eef0')}${shade(0, 236, W, 84, 'url(#floor)')}
    ${shade(640, 40, 330, 160, 'url(#sky)', 'stroke="#8b98a3" stroke-width="6"')}
    <path d="M700 200c30-40 80-60 130-60s100 20 140 60z" fill="#a7cf9a" opacity=".9"/>
    <path d="M600 30h70v210h-70c20-70 20-140 0-210z" fill="#6aa6a0"/><path d="M985 30h60v210h-60c-16-70-16-140 0-210z" fill="#6aa6a0"/>
    <rect x="110" y="170" width="420" height="70" rx="8" fill="#f7f9fa" stroke="#c8d1d6" stroke-width="3"/>
    <rect x="110" y="150" width="140" height="40" rx="18" fill="#ffffff" stroke="#d5dde1" stroke-width="3"/>
    <rect x="240" y="160" width="290" height="50" rx="8" fill="#8fb8d6"/>
    <rect x="100" y="110" width="16" height="190" fill="#7a8791"/><rect x="520" y="150" width="16" height="150" fill="#7a8791"/>
    <rect x="120" y="240" width="400" height="16" fill="#7a8791"/>
    <rect x="560" y="190" width="60" height="80" rx="4" fill="#c2a37f"/>
    <rect x="40" y="40" width="6" height="250" fill="#9aa4ab"/><rect x="22" y="50" width="40" height="54" rx="8" fill="#dff0f7" stroke="#9aa4ab" stroke-width="3"/>`,
  // The building from the street: glass facade, a green cross sign, trees.
  exterior: `${shade(0, 0, W, H, 'url(#sky)')}
    <rect x="260" y="40" width="620" height="250" fill="#e9edf0"/><rect x="260" y="40" width="620" height="24" fill="#c9d3da"/>
    ${Array.from({ length: 4 }, (_, r) => windowRow(80 + r * 46, 32, 9, 282, 52, 14)).join('')}
    <rect x="500" y="250" width="140" height="40" fill="#5c7d92"/><rect x="520" y="256" width="100" height="34" fill="url(#glass)"/>
    <rect x="660" y="4" width="60" height="60" rx="8" fill="#fff"/><path d="M680 14h20v16h16v20h-16v16h-20v-16h-16v-20h16z" fill="#1c8a5a" transform="translate(0 -3) scale(1 .92)"/>
    <rect x="0" y="288" width="${W}" height="32" fill="#8e979d"/>
    ${[120, 200, 960, 1050].map((x, i) => `<rect x="${x - 6}" y="210" width="12" height="80" fill="#6b4f3a"/><circle cx="${x}" cy="${190 - (i % 2) * 12}" r="${48 + (i % 2) * 10}" fill="${i % 2 ? '#4f9a5a' : '#3d8a4c'}"/>`).join('')}`,
  // A corridor in perspective with doors and handrails.
  corridor: `${shade(0, 0, W, H, '#eef1f2')}
    <path d="M0 0L470 120H658L${W} 0z" fill="#f8f9f7"/><path d="M0 ${H}L470 210H658L${W} ${H}z" fill="url(#floor)"/>
    <path d="M0 0L470 120V210L0 ${H}z" fill="#dbe5e8"/><path d="M${W} 0L658 120V210L${W} ${H}z" fill="#d3dfe3"/>
    <rect x="470" y="120" width="188" height="90" fill="#cfe3ea"/>
    ${[[60, 40, 280], [250, 84, 238]].map(([x, t, b]) => `<path d="M${x} ${t + 20}L${x + 90} ${t + 40}V${b - 30}L${x} ${b}z" fill="#6fa3c4"/>`).join('')}
    ${[[1068, 40, 280], [878, 84, 238]].map(([x, t, b]) => `<path d="M${x} ${t + 20}L${x - 90} ${t + 40}V${b - 30}L${x} ${b}z" fill="#6fa3c4"/>`).join('')}
    <path d="M0 200L470 180" stroke="#9aa9b1" stroke-width="6"/><path d="M${W} 200L658 180" stroke="#9aa9b1" stroke-width="6"/>
    ${[0, 1, 2].map((i) => `<rect x="${540 - i * 60}" y="${30 + i * 28}" width="${48 + i * 120}" height="8" rx="4" fill="#fffbe8" transform="translate(${i * 0} 0)"/>`).join('')}`,
  // A consultation room: desk, monitor, two chairs, an examination couch and a screen.
  consult: `${shade(0, 0, W, 230, '#e9f0ee')}${shade(0, 230, W, 90, 'url(#floor)')}
    ${shade(80, 40, 240, 140, 'url(#sky)', 'stroke="#8b98a3" stroke-width="6"')}
    <rect x="380" y="170" width="360" height="20" rx="4" fill="#b68a5e"/><rect x="396" y="190" width="14" height="90" fill="#8d6a49"/><rect x="710" y="190" width="14" height="90" fill="#8d6a49"/>
    <rect x="560" y="96" width="120" height="74" rx="6" fill="#2b3a46"/><rect x="568" y="104" width="104" height="58" fill="#6fb6d9"/><rect x="610" y="170" width="20" height="10" fill="#2b3a46"/>
    <rect x="430" y="150" width="60" height="20" rx="3" fill="#f1f4f6"/>
    <rect x="760" y="150" width="80" height="110" rx="14" fill="#3d6f8e"/><rect x="330" y="150" width="70" height="100" rx="14" fill="#3d6f8e"/>
    <rect x="880" y="180" width="220" height="40" rx="10" fill="#5f9ea0"/><rect x="880" y="166" width="60" height="22" rx="10" fill="#f7f9fa"/>
    <rect x="890" y="220" width="10" height="60" fill="#7a8791"/><rect x="1080" y="220" width="10" height="60" fill="#7a8791"/>
    ${plant(40, 260, 1)}`,
  // A laboratory: benches, cabinets, a microscope and sample racks.
  lab: `${shade(0, 0, W, 240, '#eef3f6')}${shade(0, 240, W, 80, 'url(#floor)')}
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${60 + i * 170}" y="40" width="150" height="80" rx="4" fill="#f9fbfc" stroke="#c5d0d7" stroke-width="3"/>`).join('')}
    <rect x="40" y="170" width="${W - 80}" height="18" fill="#3f5566"/><rect x="40" y="188" width="${W - 80}" height="90" fill="#dde4e8"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${60 + i * 130}" y="198" width="110" height="70" rx="4" fill="#e9eef1" stroke="#c5d0d7" stroke-width="2"/>`).join('')}
    <g transform="translate(300 100)"><rect x="0" y="60" width="60" height="10" fill="#2b3a46"/><rect x="22" y="10" width="14" height="55" rx="4" fill="#2b3a46"/><rect x="14" y="0" width="34" height="18" rx="6" fill="#4a6072"/></g>
    <g transform="translate(560 130)">${Array.from({ length: 6 }, (_, i) => `<rect x="${i * 16}" y="0" width="10" height="40" rx="5" fill="${['#d95f5f', '#f2b134', '#5f9ed9', '#7cc47c', '#d95f5f', '#b07cc4'][i]}"/>`).join('')}<rect x="-6" y="22" width="104" height="10" fill="#9aa9b1"/></g>
    <rect x="820" y="120" width="90" height="50" rx="6" fill="#f1f4f6" stroke="#9aa9b1" stroke-width="3"/><circle cx="865" cy="145" r="14" fill="#6fb6d9"/>`,
};

/** A logo mark per organization: a rounded badge with a cross, heart, leaf or shield. */
const MARKS = [
  '<path d="M68 36h24v32h32v24H92v32H68V92H36V68h32z" fill="#fff"/>',
  '<path d="M80 120C40 92 30 72 38 56c8-16 30-18 42 0 12-18 34-16 42 0 8 16-2 36-42 64z" fill="#fff"/>',
  '<path d="M48 112c0-44 28-72 72-72 0 44-28 72-72 72zm0 0 40-40" fill="#fff" stroke="#fff" stroke-width="6"/>',
  '<path d="M80 32l40 14v30c0 28-18 46-40 54-22-8-40-26-40-54V46z" fill="#fff"/><path d="M72 58h16v14h14v16H88v14H72V88H58V72h14z" fill="currentColor"/>',
];
const LOGO_COLOURS = ['#0b6bcb', '#1c8a5a', '#c2410c', '#7c3aed', '#0e7490', '#b91c1c', '#0f766e', '#a16207'];

/** A portrait: skin tone, hair and a white coat with a stethoscope, on a soft studio background. */
const SKIN = ['#f1c7a5', '#e0ac84', '#c68b62', '#a86f4c', '#f5d3b8', '#8d5a3c'];
const HAIR = ['#1f1a17', '#2e2420', '#3b2a20', '#141414', '#4a3526', '#231c18'];
const BACKDROP = ['#dbe7f0', '#e3ece5', '#ece6df', '#e0e4ee', '#e8eef0', '#efe6ea'];
function portrait(i: number, female: boolean): string {
  const skin = SKIN[i % SKIN.length];
  const hair = HAIR[(i * 5) % HAIR.length];
  const bg = BACKDROP[(i * 7 + (female ? 3 : 0)) % BACKDROP.length];
  // Behind the head: long hair, or a short cap that fills the temples around the top piece.
  const hairBack = female
    ? `<path d="M66 92c-6-52 16-72 54-72s60 20 54 72c4 34 6 56 14 70H52c8-14 10-36 14-70z" fill="${hair}"/>`
    : `<ellipse cx="120" cy="80" rx="47" ry="46" fill="${hair}"/>`;
  const hairTop = female
    ? `<path d="M72 86c2-34 22-50 48-50s46 16 48 50c-18-8-34-22-40-36-12 18-34 30-56 36z" fill="${hair}"/>`
    : `<path d="M74 84c-4-34 16-52 46-52s50 18 46 52c-6-14-14-24-22-26-14 6-40 6-62 0-4 8-6 16-8 26z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">
    <defs><radialGradient id="bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${bg}"/></radialGradient>
    <linearGradient id="coat" x1="0" x2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dde3e8"/></linearGradient></defs>
    <rect width="240" height="240" fill="url(#bg)"/>${hairBack}
    <path d="M30 240c4-44 34-66 90-70 56 4 86 26 90 70z" fill="url(#coat)"/>
    <path d="M100 170l20 40 20-40z" fill="${female ? '#6b9ac4' : '#45729c'}"/>
    <path d="M96 172l24 68M144 172l-24 68" stroke="#c9d2d9" stroke-width="3"/>
    <rect x="106" y="140" width="28" height="34" rx="10" fill="${skin}"/>
    <ellipse cx="120" cy="100" rx="44" ry="52" fill="${skin}"/>
    <ellipse cx="76" cy="104" rx="7" ry="11" fill="${skin}"/><ellipse cx="164" cy="104" rx="7" ry="11" fill="${skin}"/>
    ${hairTop}
    <ellipse cx="102" cy="102" rx="4.5" ry="5" fill="#2b2220"/><ellipse cx="138" cy="102" rx="4.5" ry="5" fill="#2b2220"/>
    <path d="M94 90q8-5 16 0M130 90q8-5 16 0" stroke="${hair}" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M118 108q-4 12 2 16" stroke="#00000033" stroke-width="2.5" fill="none"/>
    <path d="M106 130q14 10 28 0" stroke="#8a4b3c" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M84 190c0 24 14 34 26 34M156 190c0 20-8 30-18 32" stroke="#37474f" stroke-width="4" fill="none"/><circle cx="138" cy="222" r="7" fill="#90a4ae"/>
    <rect x="150" y="196" width="34" height="8" rx="2" fill="#0b6bcb"/>
  </svg>`;
}

async function write(name: string, svg: string, width: number, height: number, quality: number): Promise<void> {
  const file = join(OUT, name);
  // The light blur takes the hard vector edges off, which reads more like a photo and compresses better.
  await sharp(Buffer.from(svg), { density: 72 }).resize(width, height).blur(0.5).webp({ quality, effort: 6, smartSubsample: true }).toFile(file);
}

async function main(): Promise<void> {
  for (const dir of ['gallery', 'logos', 'doctors']) mkdirSync(join(OUT, dir), { recursive: true });
  for (const [name, body] of Object.entries(SCENES)) {
    await write(`gallery/${name}.webp`, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${LIGHT}${body}${FINISH}</svg>`, W, H, 62);
  }
  for (const [i, colour] of LOGO_COLOURS.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" color="${colour}"><rect width="160" height="160" rx="36" fill="${colour}"/><circle cx="80" cy="80" r="64" fill="#ffffff22"/>${MARKS[i % MARKS.length]}</svg>`;
    await write(`logos/logo-${i + 1}.webp`, svg, 160, 160, 80);
  }
  for (let i = 0; i < 6; i++) {
    await write(`doctors/male-${i + 1}.webp`, portrait(i, false), 240, 240, 72);
    await write(`doctors/female-${i + 1}.webp`, portrait(i, true), 240, 240, 72);
  }
  let total = 0;
  for (const dir of ['gallery', 'logos', 'doctors']) for (const f of readdirSync(join(OUT, dir))) total += statSync(join(OUT, dir, f)).size;
  console.log(`seed pictures: ${(total / 1024).toFixed(0)} KB in ${OUT}`);
}

await main();
