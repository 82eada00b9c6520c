/**
 * The demo projects' logos and deck (docs/demo-data.md): small PNGs drawn here (a coloured badge
 * with a ring, one colour per project) and a two-page PDF deck made with pdf-lib, stored as a
 * project's files are.
 */
import { deflateSync } from "node:zlib";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { Queryable } from "../db/db";
import { saveFile } from "../uploads/files";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/** A square PNG badge: a filled circle of `colour` with a white ring, on a transparent ground. */
export function badgePng(size: number, colour: Rgb): Uint8Array {
  const rows: number[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - centre, y - centre) / (size / 2);
      if (r > 0.98) rows.push(0, 0, 0, 0);
      else if (r > 0.6 && r < 0.72) rows.push(255, 255, 255, 255);
      else rows.push(colour[0], colour[1], colour[2], 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", new Uint8Array()),
  ]);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** A short deck: a title page and a page of what the project covers. */
export async function deckPdf(title: string, lines: readonly string[], at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const cover = pdf.addPage([842, 595]);
  cover.drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.1, 0.24, 0.4) });
  cover.drawText(title, { x: 60, y: 320, size: 36, font: bold, color: rgb(1, 1, 1) });
  cover.drawText("Project deck", { x: 60, y: 280, size: 18, font: regular, color: rgb(0.85, 0.9, 0.95) });
  const body = pdf.addPage([842, 595]);
  body.drawText("What the project covers", { x: 60, y: 520, size: 24, font: bold });
  lines.forEach((line, i) => {
    body.drawText(`- ${line}`, { x: 70, y: 470 - i * 30, size: 16, font: regular });
  });
  return pdf.save({ useObjectStreams: false });
}

const LOGOS: readonly { slug: string; colour: Rgb }[] = [
  { slug: "acme-retail-audit", colour: [196, 40, 52] },
  { slug: "acme-3p-payout", colour: [28, 110, 180] },
  { slug: "acme-off-take", colour: [120, 60, 160] },
  { slug: "acme-census", colour: [40, 140, 90] },
  { slug: "acme-mi", colour: [200, 90, 30] },
  { slug: "acme-kyc", colour: [20, 130, 140] },
  { slug: "zenith-retail-audit", colour: [230, 140, 20] },
];

const DECK_OF = "acme-3p-payout";

/** Gives a few demo projects a logo and one a deck. */
export async function seedProjectFiles(tx: Queryable, now: Date) {
  const projects = new Map(
    (
      await tx.query<{ id: number; slug: string; name: string; organisation_id: number }>(
        "SELECT id, slug, name, organisation_id FROM projects",
      )
    ).map((p) => [p.slug, p]),
  );
  const owner = (
    await tx.query<{ id: number }>("SELECT id FROM users WHERE username = 'project.manager'")
  )[0];
  const store = async (
    project: { organisation_id: number },
    name: string,
    type: string,
    content: Uint8Array,
  ) =>
    saveFile(tx, {
      name,
      contentType: type,
      content,
      organisationId: project.organisation_id,
      ownerId: owner?.id ?? null,
      created: now,
    });
  for (const { slug, colour } of LOGOS) {
    const project = projects.get(slug);
    if (!project) continue;
    const id = await store(project, `${slug}-logo.png`, "image/png", badgePng(96, colour));
    await tx.query("UPDATE projects SET logo_file_id = $1 WHERE id = $2", [id, project.id]);
  }
  const deckProject = projects.get(DECK_OF);
  if (deckProject) {
    const deck = await deckPdf(
      deckProject.name,
      [
        "Retailer payouts plotted per cycle",
        "KYC checked before payment",
        "Monthly payout report to the client",
      ],
      now,
    );
    const id = await store(deckProject, `${DECK_OF}-deck.pdf`, "application/pdf", deck);
    await tx.query("UPDATE projects SET deck_file_id = $1 WHERE id = $2", [id, deckProject.id]);
  }
}
