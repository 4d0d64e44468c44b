//! Flat product illustrations drawn by the shop itself (no downloaded pictures).
//!
//! [`render_product`] draws a square, anti-aliased picture of a t-shirt, a pull, a pair of
//! sunglasses or a chain, filled with one of the catalogue's French colour names, on a soft
//! background. `variant` changes the small details (background tint and decoration, print or
//! stripes, hood, lens shape, chain style, angle) so that the products of one subcategory do not
//! all look alike. Everything is deterministic: the same arguments give the same pixels.
//!
//! All the geometry is written in a 1000 × 1000 design space and scaled to the requested size,
//! so one picture looks the same at every size. Render once at the largest size (1200 px) and let
//! [`super::variants::store_variants`] downscale.

use image::RgbaImage;
use tiny_skia::{
    Color, FillRule, GradientStop, LineCap, LineJoin, LinearGradient, Mask, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Rect, Shader, SpreadMode, Stroke, StrokeDash, Transform,
};

/// Side of the design space every shape is drawn in.
const DESIGN: f32 = 1000.0;

/// Smallest and largest side [`render_product`] accepts; other values are clamped.
pub const MIN_SIZE: u32 = 16;
pub const MAX_SIZE: u32 = 4096;

/// Neutral grey used for colour names the illustrator does not know.
pub const UNKNOWN_COLOUR: [u8; 3] = [160, 160, 164];

/// The catalogue's colour names and the RGB used to draw them.
pub const COLOURS: [(&str, [u8; 3]); 17] = [
    ("noir", [34, 34, 38]),
    ("blanc", [248, 248, 246]),
    ("gris", [148, 150, 156]),
    ("bleu", [42, 104, 196]),
    ("rouge", [204, 42, 48]),
    ("vert", [36, 138, 80]),
    ("jaune", [246, 200, 44]),
    ("orange", [240, 128, 40]),
    ("rose", [240, 152, 182]),
    ("violet", [128, 72, 170]),
    ("marron", [122, 76, 46]),
    ("beige", [226, 206, 170]),
    ("bleu marine", [28, 42, 84]),
    ("kaki", [128, 124, 78]),
    ("bordeaux", [122, 26, 48]),
    ("doré", [214, 170, 58]),
    ("argenté", [194, 196, 204]),
];

/// RGB of a French colour name from the catalogue (`"bleu marine"`, `"doré"`...).
///
/// Case, surrounding spaces, hyphens and missing accents are forgiven (`"Dore"`,
/// `"bleu-marine"`); unknown names give [`UNKNOWN_COLOUR`].
pub fn colour_rgb(name: &str) -> [u8; 3] {
    let key = fold(name);
    COLOURS.iter().find(|(n, _)| fold(n) == key).map(|(_, rgb)| *rgb).unwrap_or(UNKNOWN_COLOUR)
}

/// Lower-case, accent-free, single-spaced form of a name.
fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.trim().chars().flat_map(char::to_lowercase) {
        let ch = match ch {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            '-' | '_' => ' ',
            c => c,
        };
        if ch.is_whitespace() {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
        } else {
            out.push(ch);
        }
    }
    out.trim_end().to_string()
}

/// Draws one product of `subcategory` (`t-shirt`, `pull`, `lunette`, `chaine`; plural forms and
/// missing accents/hyphens are accepted, anything else gets a neutral price-tag picture) in
/// `colour` (a French colour name, see [`colour_rgb`]) as a `size` × `size` opaque image.
///
/// `variant % 4` picks the design:
///
/// | subcategory | 0 | 1 | 2 | 3 |
/// |---|---|---|---|---|
/// | t-shirt | chest emblem | marinière stripes | big sun-and-waves print | wax chest pocket |
/// | pull | chest emblem | chest stripes | hoodie (hood, strings, pocket) | cable knit |
/// | lunette | round, metal | aviator, metal | square, acetate | cat-eye, acetate |
/// | chaine | cuban links | rope | classic links, with a medallion when `(variant / 4)` is even | balls |
///
/// The rest of `variant` varies the background tint and decoration, the print colour, the lens
/// tint and a small rotation. Use the same variant for every colour of one product so that its
/// pictures show the same design; [`variant_for`] picks one that matches a product's name.
pub fn render_product(subcategory: &str, colour: &str, variant: u32, size: u32) -> RgbaImage {
    let size = size.clamp(MIN_SIZE, MAX_SIZE);
    let base = Rgb::from(colour_rgb(colour));
    let kind = Kind::parse(subcategory);
    let style = Style::new(variant, base, kind);

    let mut canvas = Canvas::new(size, style.angle);
    canvas.background(&style);
    match kind {
        Kind::TShirt => tshirt(&mut canvas, base, &style),
        Kind::Pull => pull(&mut canvas, base, &style),
        Kind::Glasses => glasses(&mut canvas, base, &style),
        Kind::Chain => chain(&mut canvas, base, &style),
        Kind::Other => tag(&mut canvas, base, &style),
    }
    canvas.into_image()
}

/// A `variant` for [`render_product`] whose design matches the product's name where the name says
/// something about it (`Rayé` → stripes, `Sweat à capuche` → hoodie, `Aviateur` → aviator,
/// `Cat-Eye`, `Rondes`, `Cubaine`, `Corde`, `Boules`, `Pendentif`, `Forçat`...), otherwise one
/// picked from `position` (the product's rank in the catalogue). Different positions give
/// different backgrounds and angles even when the design is the same.
pub fn variant_for(subcategory: &str, name: &str, position: u32) -> u32 {
    let n = fold(name);
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    // (design, no medallion on classic chains)
    let (detail, plain) = match Kind::parse(subcategory) {
        Kind::TShirt if has(&["raye", "rayure", "mariniere"]) => (1, false),
        Kind::TShirt if has(&["poche", "pocket", "wax"]) => (3, false),
        Kind::TShirt if has(&["graphique", "print", "surf", "sunset", "soleil"]) => (2, false),
        Kind::TShirt => (position % 4, false),
        Kind::Pull if has(&["capuche", "hoodie", "hood"]) => (2, false),
        Kind::Pull if has(&["raye", "rayure", "mariniere"]) => (1, false),
        Kind::Pull if has(&["maille", "torsade", "jacquard", "tricot", "heritage", "cable"]) => (3, false),
        Kind::Pull if has(&["col roule", "zip", "col rond"]) => (0, false),
        // No hood unless the name says so.
        Kind::Pull => ([0, 1, 3][(position % 3) as usize], false),
        Kind::Glasses if has(&["aviateur", "aviator", "pilote"]) => (1, false),
        Kind::Glasses if has(&["cat eye", "cateye", "papillon"]) => (3, false),
        Kind::Glasses if has(&["ronde", "rond", "hexagon", "fine", "john"]) => (0, false),
        Kind::Glasses if has(&["carre", "clubmaster", "wayfarer", "masque", "sport", "oversize", "retro"]) => {
            (2, false)
        }
        Kind::Glasses => (position % 4, false),
        Kind::Chain if has(&["pendentif", "medaille", "medaillon"]) => (2, false),
        Kind::Chain if has(&["cubaine", "gourmette", "cuban"]) => (0, false),
        Kind::Chain if has(&["corde", "torsade", "serpent", "rope"]) => (1, false),
        Kind::Chain if has(&["boule", "bille"]) => (3, false),
        Kind::Chain if has(&["forcat", "figaro", "maille", "jaseron"]) => (2, true),
        // No medallion unless the name says so.
        Kind::Chain => [(0, false), (1, false), (3, false), (2, true)][(position % 4) as usize],
        Kind::Other => (position % 4, false),
    };
    let rest = position.wrapping_mul(2).wrapping_add(u32::from(plain));
    detail.wrapping_add(rest.wrapping_mul(4))
}

// ---------------------------------------------------------------------------------------------
// Colours and style
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
struct Rgb {
    r: f32,
    g: f32,
    b: f32,
}

impl From<[u8; 3]> for Rgb {
    fn from([r, g, b]: [u8; 3]) -> Self {
        Rgb { r: r as f32, g: g as f32, b: b as f32 }
    }
}

impl Rgb {
    const WHITE: Rgb = Rgb { r: 255.0, g: 255.0, b: 255.0 };
    const BLACK: Rgb = Rgb { r: 0.0, g: 0.0, b: 0.0 };

    fn mix(self, o: Rgb, t: f32) -> Rgb {
        Rgb { r: self.r + (o.r - self.r) * t, g: self.g + (o.g - self.g) * t, b: self.b + (o.b - self.b) * t }
    }
    fn lighten(self, t: f32) -> Rgb {
        self.mix(Rgb::WHITE, t)
    }
    fn darken(self, t: f32) -> Rgb {
        self.mix(Rgb::BLACK, t)
    }
    fn luma(self) -> f32 {
        0.299 * self.r + 0.587 * self.g + 0.114 * self.b
    }
    fn dist(self, o: Rgb) -> f32 {
        ((self.r - o.r).powi(2) + (self.g - o.g).powi(2) + (self.b - o.b).powi(2)).sqrt()
    }
    fn is_dark(self) -> bool {
        self.luma() < 70.0
    }
    /// A tone for seams, ribs and folds: darker on light colours, lighter on very dark ones.
    fn detail(self, t: f32) -> Rgb {
        if self.is_dark() { self.lighten(t * 1.1) } else { self.darken(t) }
    }
    fn outline(self) -> Rgb {
        if self.is_dark() { self.darken(0.5) } else { self.darken(0.42) }
    }
    fn color(self, alpha: f32) -> Color {
        Color::from_rgba(
            (self.r / 255.0).clamp(0.0, 1.0),
            (self.g / 255.0).clamp(0.0, 1.0),
            (self.b / 255.0).clamp(0.0, 1.0),
            alpha.clamp(0.0, 1.0),
        )
        .unwrap_or(Color::BLACK)
    }
}

const fn rgb(r: u8, g: u8, b: u8) -> Rgb {
    Rgb { r: r as f32, g: g as f32, b: b as f32 }
}

/// Soft background tints.
const BACKGROUNDS: [Rgb; 6] = [
    rgb(243, 233, 216), // sable
    rgb(221, 239, 229), // menthe
    rgb(220, 231, 244), // bleu poudré
    rgb(247, 225, 222), // blush
    rgb(233, 227, 244), // lilas
    rgb(247, 239, 208), // beurre
];

/// Deeper tints, for very light products (blanc, beige, argenté...).
const DEEP_BACKGROUNDS: [Rgb; 6] = [
    rgb(226, 196, 170), // argile
    rgb(186, 212, 196), // sauge
    rgb(184, 206, 230), // ciel
    rgb(234, 190, 190), // rose poudré
    rgb(204, 194, 230), // lavande
    rgb(232, 206, 150), // ocre clair
];

/// Smallest colour distance between the background and the product.
const MIN_CONTRAST: f32 = 60.0;

/// Colours for prints, stripes and pockets.
const ACCENTS: [Rgb; 6] = [
    rgb(234, 176, 44),  // or / soleil
    rgb(200, 88, 54),   // terre cuite
    rgb(24, 122, 118),  // bleu canard
    rgb(246, 238, 218), // crème
    rgb(36, 36, 44),    // encre
    rgb(222, 58, 64),   // rouge vif
];

/// Lens tints: (top, bottom).
const LENSES: [(Rgb, Rgb); 5] = [
    (rgb(26, 30, 40), rgb(78, 88, 106)),    // fumé
    (rgb(30, 52, 38), rgb(86, 110, 84)),    // vert G15
    (rgb(58, 36, 24), rgb(138, 96, 60)),    // marron dégradé
    (rgb(24, 54, 104), rgb(96, 156, 206)),  // miroir bleu
    (rgb(120, 52, 72), rgb(222, 150, 168)), // rosé
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    TShirt,
    Pull,
    Glasses,
    Chain,
    Other,
}

impl Kind {
    fn parse(subcategory: &str) -> Kind {
        match fold(subcategory).replace(' ', "").as_str() {
            "tshirt" | "tshirts" | "tee" | "teeshirt" | "teeshirts" => Kind::TShirt,
            "pull" | "pulls" | "sweat" | "sweats" | "hoodie" => Kind::Pull,
            "lunette" | "lunettes" => Kind::Glasses,
            "chaine" | "chaines" | "collier" | "colliers" => Kind::Chain,
            _ => Kind::Other,
        }
    }
}

/// Everything `variant` decides.
struct Style {
    /// Main detail switch (print, hood, lens shape, chain style), 0..4.
    detail: u32,
    bg: Rgb,
    accent: Rgb,
    lens: (Rgb, Rgb),
    /// Background decoration, 0..3.
    deco: u32,
    /// Rotation of the product in degrees.
    angle: f32,
    /// Classic chains: hang a medallion.
    pendant: bool,
}

impl Style {
    fn new(variant: u32, base: Rgb, kind: Kind) -> Style {
        let v = variant;
        // A flat background that stays clearly distinct from the product.
        let start = (v.wrapping_mul(5).wrapping_add(1) % 6) as usize;
        let bg = (0..6)
            .map(|i| BACKGROUNDS[(start + i) % 6])
            .chain((0..6).map(|i| DEEP_BACKGROUNDS[(start + i) % 6]))
            .find(|c| c.dist(base) > MIN_CONTRAST)
            .unwrap_or(BACKGROUNDS[start]);
        let start = ((v % 6) + (v / 4) % 6) as usize % 6;
        let accent = (0..6)
            .map(|i| ACCENTS[(start + i) % 6])
            .find(|c| c.dist(base) > 120.0 && c.dist(bg) > 60.0)
            .unwrap_or(if base.luma() > 140.0 { ACCENTS[4] } else { ACCENTS[3] });
        let lens = LENSES[((v / 4 + v * 3) % 5) as usize];
        let angles: &[f32] = match kind {
            Kind::Glasses => &[-4.0, 0.0, 5.0, -2.0, 3.0],
            Kind::Chain => &[0.0, -3.0, 2.0],
            _ => &[0.0, -3.0, 2.5, -1.5, 3.5],
        };
        let angle = angles[((v / 2) as usize) % angles.len()];
        Style { pendant: (v / 4).is_multiple_of(2), detail: v % 4, bg, accent, lens, deco: (v / 3) % 3, angle }
    }
}

// ---------------------------------------------------------------------------------------------
// Canvas
// ---------------------------------------------------------------------------------------------

struct Canvas {
    pm: Pixmap,
    size: u32,
    /// Design space → pixels, without rotation (background).
    flat: Transform,
    /// Design space → pixels, with the product's rotation around the centre.
    ts: Transform,
}

fn solid(c: Rgb, alpha: f32) -> Paint<'static> {
    Paint { shader: Shader::SolidColor(c.color(alpha)), anti_alias: true, ..Paint::default() }
}

fn shader_paint(shader: Shader<'static>) -> Paint<'static> {
    Paint { shader, anti_alias: true, ..Paint::default() }
}

fn linear(p0: (f32, f32), p1: (f32, f32), stops: &[(f32, Rgb, f32)]) -> Shader<'static> {
    let s: Vec<GradientStop> = stops.iter().map(|&(pos, c, a)| GradientStop::new(pos, c.color(a))).collect();
    LinearGradient::new(
        Point::from_xy(p0.0, p0.1),
        Point::from_xy(p1.0, p1.1),
        s,
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(stops[0].1.color(stops[0].2)))
}

/// A radial gradient over an ellipse of radii (rx, ry) centred at (cx, cy).
fn radial(cx: f32, cy: f32, rx: f32, ry: f32, stops: &[(f32, Rgb, f32)]) -> Shader<'static> {
    let s: Vec<GradientStop> = stops.iter().map(|&(pos, c, a)| GradientStop::new(pos, c.color(a))).collect();
    RadialGradient::new(
        Point::from_xy(0.0, 0.0),
        Point::from_xy(0.0, 0.0),
        1.0,
        s,
        SpreadMode::Pad,
        Transform::from_row(rx, 0.0, 0.0, ry, cx, cy),
    )
    .unwrap_or(Shader::SolidColor(stops[0].1.color(stops[0].2)))
}

fn stroke_style(width: f32) -> Stroke {
    Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() }
}

impl Canvas {
    fn new(size: u32, angle: f32) -> Canvas {
        let pm = Pixmap::new(size, size).expect("size is clamped to a valid range");
        let s = size as f32 / DESIGN;
        let flat = Transform::from_scale(s, s);
        let ts = flat.pre_concat(Transform::from_rotate_at(angle, DESIGN / 2.0, DESIGN / 2.0));
        Canvas { pm, size, flat, ts }
    }

    fn fill_paint(&mut self, path: &Path, paint: &Paint, ts: Transform, mask: Option<&Mask>) {
        self.pm.fill_path(path, paint, FillRule::Winding, ts, mask);
    }
    fn fill(&mut self, path: &Path, c: Rgb, alpha: f32) {
        let ts = self.ts;
        self.fill_paint(path, &solid(c, alpha), ts, None);
    }
    fn fill_shader(&mut self, path: &Path, shader: Shader<'static>) {
        let ts = self.ts;
        self.fill_paint(path, &shader_paint(shader), ts, None);
    }
    fn fill_masked(&mut self, path: &Path, c: Rgb, alpha: f32, mask: &Mask) {
        let ts = self.ts;
        self.fill_paint(path, &solid(c, alpha), ts, Some(mask));
    }
    fn stroke_paint(&mut self, path: &Path, paint: &Paint, stroke: &Stroke, ts: Transform, mask: Option<&Mask>) {
        self.pm.stroke_path(path, paint, stroke, ts, mask);
    }
    fn stroke(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32) {
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, None);
    }
    fn stroke_at(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32, ts: Transform) {
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, None);
    }
    fn stroke_masked(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32, mask: &Mask) {
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, Some(mask));
    }
    fn stitches(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32) {
        let mut stroke = stroke_style(width);
        stroke.line_cap = LineCap::Butt;
        stroke.dash = StrokeDash::new(vec![10.0, 8.0], 0.0);
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke, ts, None);
    }
    /// A mask covering `paths` (in design space, with the product transform).
    fn mask(&self, paths: &[&Path]) -> Mask {
        let mut m = Mask::new(self.size, self.size).expect("valid size");
        for p in paths {
            m.fill_path(p, FillRule::Winding, true, self.ts);
        }
        m
    }
    /// A soft elliptical contact shadow.
    fn shadow(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, alpha: f32) {
        let shader = radial(
            cx,
            cy,
            rx,
            ry,
            &[(0.0, Rgb::BLACK, alpha), (0.55, Rgb::BLACK, alpha * 0.45), (1.0, Rgb::BLACK, 0.0)],
        );
        if let Some(r) = Rect::from_xywh(cx - rx, cy - ry, rx * 2.0, ry * 2.0) {
            let path = PathBuilder::from_rect(r);
            let ts = self.flat;
            self.fill_paint(&path, &shader_paint(shader), ts, None);
        }
    }

    fn background(&mut self, st: &Style) {
        let bg = st.bg;
        let full = PathBuilder::from_rect(Rect::from_xywh(0.0, 0.0, DESIGN, DESIGN).unwrap());
        // Flat on purpose: it keeps the lossless WebP variants small.
        let ts = self.flat;
        self.fill_paint(&full, &solid(bg, 1.0), ts, None);

        let deco = bg.darken(0.045);
        let shape = match st.deco {
            // A large sun behind the product.
            0 => circle(500.0, 480.0, 350.0),
            // An arch, like the doors of Gorée.
            1 => {
                let mut pb = PathBuilder::new();
                pb.move_to(210.0, 900.0);
                pb.line_to(210.0, 420.0);
                pb.cubic_to(210.0, 230.0, 345.0, 130.0, 500.0, 130.0);
                pb.cubic_to(655.0, 130.0, 790.0, 230.0, 790.0, 420.0);
                pb.line_to(790.0, 900.0);
                pb.close();
                done(pb)
            }
            // A wide diagonal band.
            _ => {
                let mut pb = PathBuilder::new();
                pb.move_to(0.0, 700.0);
                pb.line_to(700.0, 0.0);
                pb.line_to(1000.0, 0.0);
                pb.line_to(1000.0, 60.0);
                pb.line_to(60.0, 1000.0);
                pb.line_to(0.0, 1000.0);
                pb.close();
                done(pb)
            }
        };
        self.fill_paint(&shape, &solid(deco, 1.0), ts, None);
        // A thin ring or line echoing the decoration.
        if st.deco == 0 {
            let ring = circle(500.0, 480.0, 385.0);
            self.stroke_at(&ring, deco, 0.9, 3.0, ts);
        }
    }

    fn into_image(self) -> RgbaImage {
        // The background is opaque everywhere, so premultiplied and straight RGBA are the same.
        let size = self.size;
        RgbaImage::from_raw(size, size, self.pm.take()).expect("pixmap has size x size pixels")
    }
}

fn done(pb: PathBuilder) -> Path {
    pb.finish().expect("illustration paths are never empty")
}

fn circle(cx: f32, cy: f32, r: f32) -> Path {
    PathBuilder::from_circle(cx, cy, r.max(0.1)).expect("positive radius")
}

fn ellipse_at(rx: f32, ry: f32) -> Path {
    PathBuilder::from_oval(Rect::from_xywh(-rx, -ry, rx * 2.0, ry * 2.0).expect("positive radii"))
        .expect("positive radii")
}

fn line(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    done(pb)
}

/// A closed polygon with rounded corners (radius `r[i]` at corner `i`).
fn rounded_poly(points: &[(f32, f32)], r: &[f32]) -> Path {
    let n = points.len();
    let mut pb = PathBuilder::new();
    for i in 0..n {
        let p = points[i];
        let prev = points[(i + n - 1) % n];
        let next = points[(i + 1) % n];
        let cut = |q: (f32, f32), rad: f32| {
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            let t = (rad / len).min(0.5);
            (p.0 + dx * t, p.1 + dy * t)
        };
        let a = cut(prev, r[i % r.len()]);
        let b = cut(next, r[i % r.len()]);
        if i == 0 {
            pb.move_to(a.0, a.1);
        } else {
            pb.line_to(a.0, a.1);
        }
        pb.quad_to(p.0, p.1, b.0, b.1);
    }
    pb.close();
    done(pb)
}

fn cubic_point(p: [(f32, f32); 4], t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
}

/// A small emblem: a sun disc in a ring.
fn emblem(c: &mut Canvas, x: f32, y: f32, r: f32, col: Rgb, mask: &Mask) {
    c.fill_masked(&circle(x, y, r * 0.55), col, 0.95, mask);
    c.stroke_masked(&circle(x, y, r), col, 0.95, r * 0.16, mask);
}

/// Ribs between two edges: `n` lines from a point on (a0, a1) to the same fraction of (b0, b1).
fn ribs(c: &mut Canvas, a0: (f32, f32), a1: (f32, f32), b0: (f32, f32), b1: (f32, f32), n: usize, col: Rgb) {
    let mut pb = PathBuilder::new();
    for i in 1..n {
        let t = i as f32 / n as f32;
        let p = (a0.0 + (a1.0 - a0.0) * t, a0.1 + (a1.1 - a0.1) * t);
        let q = (b0.0 + (b1.0 - b0.0) * t, b0.1 + (b1.1 - b0.1) * t);
        pb.move_to(p.0, p.1);
        pb.line_to(q.0, q.1);
    }
    if let Some(path) = pb.finish() {
        c.stroke(&path, col, 0.55, 3.0);
    }
}

/// Garment fill: flat colour with soft side shading and a light top.
fn garment_fill(c: &mut Canvas, path: &Path, base: Rgb, x0: f32, x1: f32, y0: f32, y1: f32) {
    let (edge, mid) = if base.is_dark() { (base, base.lighten(0.06)) } else { (base.darken(0.12), base) };
    c.fill_shader(
        path,
        linear(
            (x0, 0.0),
            (x1, 0.0),
            &[(0.0, edge, 1.0), (0.22, mid, 1.0), (0.7, mid, 1.0), (1.0, edge.darken(0.03), 1.0)],
        ),
    );
    c.fill_shader(
        path,
        linear((0.0, y0), (0.0, y1), &[(0.0, Rgb::WHITE, 0.13), (0.45, Rgb::WHITE, 0.0), (1.0, Rgb::BLACK, 0.05)]),
    );
}

// ---------------------------------------------------------------------------------------------
// T-shirt
// ---------------------------------------------------------------------------------------------

fn tshirt(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 832.0, 280.0, 34.0, 0.22);

    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.quad_to(362.0, 224.0, 302.0, 248.0);
    pb.quad_to(292.0, 252.0, 284.0, 262.0);
    pb.line_to(170.0, 384.0);
    pb.quad_to(212.0, 430.0, 262.0, 458.0);
    pb.line_to(322.0, 406.0);
    pb.quad_to(316.0, 610.0, 326.0, 806.0);
    pb.quad_to(500.0, 822.0, 674.0, 806.0);
    pb.quad_to(684.0, 610.0, 678.0, 406.0);
    pb.line_to(738.0, 458.0);
    pb.quad_to(788.0, 430.0, 830.0, 384.0);
    pb.line_to(716.0, 262.0);
    pb.quad_to(708.0, 252.0, 698.0, 248.0);
    pb.quad_to(638.0, 224.0, 580.0, 212.0);
    pb.cubic_to(562.0, 284.0, 438.0, 284.0, 420.0, 212.0);
    pb.close();
    let body = done(pb);

    garment_fill(c, &body, base, 322.0, 678.0, 212.0, 820.0);
    let mask = c.mask(&[&body]);
    let detail = base.detail(0.16);

    match st.detail {
        // Small embroidered emblem on the chest.
        0 => emblem(c, 592.0, 336.0, 30.0, st.accent, &mask),
        // Marinière stripes, sleeves included.
        1 => {
            let mut pb = PathBuilder::new();
            let mut y = 318.0;
            while y < 800.0 {
                pb.push_rect(Rect::from_xywh(120.0, y, 760.0, 20.0).unwrap());
                y += 58.0;
            }
            c.fill_masked(&done(pb), st.accent, 0.92, &mask);
        }
        // Big print: a sun over the ocean.
        2 => {
            let disc = circle(500.0, 500.0, 112.0);
            c.fill_masked(&disc, st.accent, 1.0, &mask);
            let disc_mask = c.mask(&[&disc]);
            for (i, y) in [528.0f32, 566.0, 604.0].iter().enumerate() {
                let mut pb = PathBuilder::new();
                let phase = i as f32 * 14.0;
                pb.move_to(370.0, *y);
                let mut x = 370.0;
                let mut up = true;
                while x < 640.0 {
                    let dy = if up { -14.0 } else { 14.0 };
                    pb.quad_to(x + 22.0, y + dy, x + 44.0, *y);
                    x += 44.0;
                    up = !up;
                }
                let wave = done(pb);
                let wave_ts = c.ts.pre_translate(-phase, 0.0);
                let paint = solid(base, 1.0);
                c.stroke_paint(&wave, &paint, &stroke_style(14.0), wave_ts, Some(&disc_mask));
            }
            c.stroke_masked(&circle(500.0, 500.0, 136.0), st.accent, 0.9, 6.0, &mask);
        }
        // Chest pocket cut from a wax print.
        _ => {
            let pocket = rounded_poly(
                &[(548.0, 318.0), (644.0, 318.0), (642.0, 420.0), (550.0, 420.0)],
                &[4.0, 4.0, 14.0, 14.0],
            );
            c.fill(&pocket, st.accent, 1.0);
            let pm = c.mask(&[&pocket]);
            let dots = st.accent.mix(if st.accent.is_dark() { Rgb::WHITE } else { Rgb::BLACK }, 0.45);
            let mut pb = PathBuilder::new();
            for row in 0..6 {
                for col in 0..6 {
                    let x = 548.0 + col as f32 * 20.0 + if row % 2 == 0 { 0.0 } else { 10.0 };
                    let y = 326.0 + row as f32 * 18.0;
                    pb.push_circle(x, y, 5.5);
                }
            }
            c.fill_masked(&done(pb), dots, 0.9, &pm);
            c.stroke(&pocket, base.outline(), 0.8, 4.0);
            c.stitches(&line(&[(556.0, 334.0), (636.0, 334.0)]), st.accent.detail(0.35), 0.9, 3.0);
        }
    }

    // Folds.
    let mut pb = PathBuilder::new();
    pb.move_to(336.0, 432.0);
    pb.quad_to(378.0, 470.0, 370.0, 548.0);
    pb.move_to(664.0, 432.0);
    pb.quad_to(622.0, 470.0, 630.0, 548.0);
    c.stroke(&done(pb), detail, 0.4, 5.0);

    // Inside of the back neck, then the ribbed collar.
    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.quad_to(500.0, 190.0, 580.0, 212.0);
    pb.cubic_to(562.0, 284.0, 438.0, 284.0, 420.0, 212.0);
    pb.close();
    c.fill(&done(pb), base.darken(if base.is_dark() { 0.4 } else { 0.3 }), 1.0);
    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.cubic_to(438.0, 284.0, 562.0, 284.0, 580.0, 212.0);
    let neck = done(pb);
    c.stroke(&neck, base.detail(0.07), 1.0, 24.0);
    c.stroke_at(&neck, detail, 0.8, 3.0, c.ts.pre_translate(0.0, 11.0));

    // Sleeve and hem stitches.
    c.stitches(&line(&[(191.0, 365.0), (277.0, 438.0)]), detail, 0.8, 3.5);
    c.stitches(&line(&[(809.0, 365.0), (723.0, 438.0)]), detail, 0.8, 3.5);
    let mut pb = PathBuilder::new();
    pb.move_to(328.0, 784.0);
    pb.quad_to(500.0, 800.0, 672.0, 784.0);
    c.stitches(&done(pb), detail, 0.8, 3.5);

    c.stroke(&body, base.outline(), 1.0, 6.0);
}

// ---------------------------------------------------------------------------------------------
// Pull / sweat
// ---------------------------------------------------------------------------------------------

fn pull(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 836.0, 330.0, 36.0, 0.22);
    let detail = base.detail(0.16);
    let rib = base.detail(0.06);

    let sleeve = |mirror: bool| {
        let f = |x: f32| if mirror { DESIGN - x } else { x };
        let mut pb = PathBuilder::new();
        pb.move_to(f(322.0), 244.0);
        pb.quad_to(f(262.0), 256.0, f(232.0), 326.0);
        pb.line_to(f(178.0), 690.0);
        pb.line_to(f(260.0), 696.0);
        pb.line_to(f(302.0), 456.0);
        pb.line_to(f(326.0), 424.0);
        pb.close();
        done(pb)
    };
    let cuff = |mirror: bool| {
        let f = |x: f32| if mirror { DESIGN - x } else { x };
        let pts = [(f(176.0), 684.0), (f(262.0), 690.0), (f(258.0), 772.0), (f(170.0), 768.0)];
        (rounded_poly(&pts, &[6.0, 6.0, 12.0, 12.0]), pts)
    };
    let left = sleeve(false);
    let right = sleeve(true);

    let mut pb = PathBuilder::new();
    pb.move_to(428.0, 206.0);
    pb.quad_to(370.0, 214.0, 318.0, 244.0);
    pb.quad_to(312.0, 500.0, 324.0, 744.0);
    pb.line_to(676.0, 744.0);
    pb.quad_to(688.0, 500.0, 682.0, 244.0);
    pb.quad_to(630.0, 214.0, 572.0, 206.0);
    pb.cubic_to(556.0, 276.0, 444.0, 276.0, 428.0, 206.0);
    pb.close();
    let body = done(pb);

    let hem = {
        let mut pb = PathBuilder::new();
        pb.move_to(324.0, 738.0);
        pb.line_to(676.0, 738.0);
        pb.line_to(672.0, 808.0);
        pb.quad_to(672.0, 816.0, 662.0, 816.0);
        pb.quad_to(500.0, 822.0, 338.0, 816.0);
        pb.quad_to(328.0, 816.0, 328.0, 808.0);
        pb.close();
        done(pb)
    };

    for s in [&left, &right] {
        garment_fill(c, s, base.darken(0.03), 170.0, 830.0, 240.0, 700.0);
    }
    garment_fill(c, &body, base, 318.0, 682.0, 206.0, 744.0);
    let all = c.mask(&[&left, &right, &body]);
    let body_mask = c.mask(&[&body]);

    match st.detail {
        0 => emblem(c, 588.0, 330.0, 26.0, st.accent, &body_mask),
        // Two chest stripes running across body and sleeves.
        1 => {
            let mut pb = PathBuilder::new();
            pb.push_rect(Rect::from_xywh(100.0, 372.0, 800.0, 34.0).unwrap());
            pb.push_rect(Rect::from_xywh(100.0, 420.0, 800.0, 12.0).unwrap());
            c.fill_masked(&done(pb), st.accent, 0.95, &all);
        }
        // Cable knit.
        3 => {
            for x0 in [414.0f32, 500.0, 586.0] {
                for phase in [0.0f32, std::f32::consts::PI] {
                    let mut pb = PathBuilder::new();
                    let mut y = 300.0;
                    pb.move_to(x0 + 16.0 * phase.sin(), y);
                    while y < 730.0 {
                        y += 6.0;
                        let x = x0 + 16.0 * (y / 84.0 * std::f32::consts::TAU + phase).sin();
                        pb.line_to(x, y);
                    }
                    c.stroke_masked(&done(pb), detail, 0.55, 9.0, &body_mask);
                }
                let side = line(&[(x0 - 34.0, 300.0), (x0 - 34.0, 730.0)]);
                c.stroke_masked(&side, detail, 0.35, 4.0, &body_mask);
            }
        }
        _ => {}
    }

    // Elbow folds.
    let mut pb = PathBuilder::new();
    pb.move_to(214.0, 520.0);
    pb.quad_to(240.0, 534.0, 270.0, 518.0);
    pb.move_to(786.0, 520.0);
    pb.quad_to(760.0, 534.0, 730.0, 518.0);
    pb.move_to(344.0, 430.0);
    pb.quad_to(372.0, 480.0, 366.0, 560.0);
    pb.move_to(656.0, 430.0);
    pb.quad_to(628.0, 480.0, 634.0, 560.0);
    c.stroke(&done(pb), detail, 0.38, 5.0);

    // Ribbed cuffs and hem.
    for mirror in [false, true] {
        let (path, p) = cuff(mirror);
        c.fill(&path, rib, 1.0);
        ribs(c, p[0], p[1], p[3], p[2], 8, detail);
        c.stroke(&path, base.outline(), 1.0, 5.0);
    }
    c.fill(&hem, rib, 1.0);
    ribs(c, (324.0, 738.0), (676.0, 738.0), (328.0, 816.0), (672.0, 816.0), 30, detail);
    c.stroke(&hem, base.outline(), 1.0, 5.0);

    for s in [&left, &right] {
        c.stroke(s, base.outline(), 1.0, 6.0);
    }
    c.stroke(&body, base.outline(), 1.0, 6.0);

    if st.detail == 2 {
        hood(c, base, st);
    } else {
        // Inside of the back neck, then the ribbed crew collar.
        let mut pb = PathBuilder::new();
        pb.move_to(428.0, 206.0);
        pb.quad_to(500.0, 186.0, 572.0, 206.0);
        pb.cubic_to(556.0, 276.0, 444.0, 276.0, 428.0, 206.0);
        pb.close();
        c.fill(&done(pb), base.darken(if base.is_dark() { 0.4 } else { 0.3 }), 1.0);
        let pts = [(428.0, 206.0), (444.0, 276.0), (556.0, 276.0), (572.0, 206.0)];
        let mut pb = PathBuilder::new();
        pb.move_to(pts[0].0, pts[0].1);
        pb.cubic_to(pts[1].0, pts[1].1, pts[2].0, pts[2].1, pts[3].0, pts[3].1);
        let neck = done(pb);
        c.stroke(&neck, base.outline(), 1.0, 36.0);
        c.stroke(&neck, rib, 1.0, 28.0);
        let mut pb = PathBuilder::new();
        for i in 1..24 {
            let t = i as f32 / 24.0;
            let (x, y) = cubic_point(pts, t);
            let (x2, y2) = cubic_point(pts, (t + 0.01).min(1.0));
            let (tx, ty) = (x2 - x, y2 - y);
            let len = (tx * tx + ty * ty).sqrt().max(1e-3);
            let (nx, ny) = (-ty / len, tx / len);
            pb.move_to(x - nx * 11.0, y - ny * 11.0);
            pb.line_to(x + nx * 11.0, y + ny * 11.0);
        }
        c.stroke(&done(pb), detail, 0.55, 2.5);
    }
}

fn hood(c: &mut Canvas, base: Rgb, st: &Style) {
    let mut pb = PathBuilder::new();
    pb.move_to(384.0, 262.0);
    pb.cubic_to(366.0, 150.0, 436.0, 112.0, 500.0, 112.0);
    pb.cubic_to(564.0, 112.0, 634.0, 150.0, 616.0, 262.0);
    pb.quad_to(500.0, 304.0, 384.0, 262.0);
    pb.close();
    let outer = done(pb);
    garment_fill(c, &outer, base.darken(0.04), 370.0, 630.0, 112.0, 300.0);
    c.stroke(&outer, base.outline(), 1.0, 6.0);

    let mut pb = PathBuilder::new();
    pb.move_to(428.0, 246.0);
    pb.cubic_to(420.0, 176.0, 464.0, 150.0, 500.0, 150.0);
    pb.cubic_to(536.0, 150.0, 580.0, 176.0, 572.0, 246.0);
    pb.quad_to(500.0, 276.0, 428.0, 246.0);
    pb.close();
    let opening = done(pb);
    c.fill(&opening, base.darken(if base.is_dark() { 0.45 } else { 0.34 }), 1.0);
    c.stroke(&opening, base.detail(0.08), 1.0, 14.0);
    c.stroke(&opening, base.outline(), 0.8, 3.0);

    // Drawstrings with aglets.
    let string = st.accent;
    for (x0, x1, y1) in [(466.0f32, 458.0f32, 388.0f32), (534.0, 544.0, 376.0)] {
        let l = line(&[(x0, 262.0), (x1, y1)]);
        c.stroke(&l, string.outline(), 0.6, 10.0);
        c.stroke(&l, string, 1.0, 7.0);
        let tip = line(&[(x1, y1), (x1 + (x1 - x0) * 0.12, y1 + 26.0)]);
        c.stroke(&tip, string.detail(0.35), 1.0, 10.0);
    }

    // Kangaroo pocket.
    let pocket =
        rounded_poly(&[(392.0, 560.0), (608.0, 560.0), (650.0, 722.0), (350.0, 722.0)], &[18.0, 18.0, 6.0, 6.0]);
    c.fill(&pocket, base.detail(0.04), 1.0);
    c.stroke(&pocket, base.outline(), 0.9, 4.0);
    c.stitches(&line(&[(398.0, 574.0), (602.0, 574.0)]), base.detail(0.2), 0.8, 3.0);
}

// ---------------------------------------------------------------------------------------------
// Sunglasses
// ---------------------------------------------------------------------------------------------

fn glasses(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 700.0, 360.0, 34.0, 0.2);
    let frame_w = match st.detail {
        0 | 1 => 13.0, // metal
        _ => 30.0,     // acetate
    };
    let metal = frame_w < 20.0;
    // Left lens around its centre; outer side is negative x.
    let lens = match st.detail {
        0 => circle(0.0, 0.0, 118.0),
        1 => {
            let mut pb = PathBuilder::new();
            pb.move_to(100.0, -86.0);
            pb.cubic_to(40.0, -104.0, -96.0, -104.0, -136.0, -80.0);
            pb.cubic_to(-176.0, -46.0, -160.0, 56.0, -104.0, 98.0);
            pb.cubic_to(-50.0, 138.0, 50.0, 132.0, 92.0, 58.0);
            pb.cubic_to(118.0, 14.0, 124.0, -52.0, 100.0, -86.0);
            pb.close();
            done(pb)
        }
        2 => rounded_poly(&[(-146.0, -96.0), (122.0, -96.0), (104.0, 88.0), (-124.0, 92.0)], &[34.0, 26.0, 46.0, 52.0]),
        _ => rounded_poly(&[(-158.0, -116.0), (112.0, -86.0), (98.0, 70.0), (-112.0, 84.0)], &[18.0, 34.0, 60.0, 70.0]),
    };
    let (cx_l, cx_r, cy) = (336.0f32, 664.0f32, 490.0f32);
    let left_ts = c.ts.pre_translate(cx_l, cy);
    let right_ts = c.ts.pre_translate(cx_r, cy).pre_scale(-1.0, 1.0);
    let bounds = lens.bounds();
    let (top, bottom) = (bounds.top(), bounds.bottom());
    let hinge_y = top + 30.0;
    let outer_x = bounds.left();

    // Temples, behind the front, seen slightly from above.
    let temple = {
        let mut pb = PathBuilder::new();
        pb.move_to(outer_x + 6.0, hinge_y);
        pb.line_to(outer_x - 84.0, hinge_y - 30.0);
        pb.quad_to(outer_x - 108.0, hinge_y - 40.0, outer_x - 120.0, hinge_y - 14.0);
        done(pb)
    };
    let tw = if metal { 11.0 } else { 20.0 };
    for ts in [left_ts, right_ts] {
        c.stroke_at(&temple, base.outline(), 1.0, tw + 6.0, ts);
        c.stroke_at(&temple, base.darken(0.14), 1.0, tw, ts);
    }

    // Lenses with a tint gradient and a reflection.
    let (lt, lb) = st.lens;
    for ts in [left_ts, right_ts] {
        let shader = linear((0.0, top), (0.0, bottom), &[(0.0, lt, 0.96), (1.0, lb, 0.93)]);
        c.fill_paint(&lens, &shader_paint(shader), ts, None);
        let mut m = Mask::new(c.size, c.size).expect("valid size");
        m.fill_path(&lens, FillRule::Winding, true, ts);
        let glare = rounded_poly(&[(-150.0, 10.0), (-40.0, -150.0), (0.0, -150.0), (-110.0, 10.0)], &[4.0]);
        c.fill_paint(&glare, &solid(Rgb::WHITE, 0.2), ts, Some(&m));
        let glare2 = rounded_poly(&[(-90.0, 40.0), (20.0, -120.0), (36.0, -120.0), (-74.0, 40.0)], &[2.0]);
        c.fill_paint(&glare2, &solid(Rgb::WHITE, 0.14), ts, Some(&m));
    }

    // Bridge.
    let bridge = {
        let mut pb = PathBuilder::new();
        if metal {
            pb.move_to(cx_l + 96.0, cy - 40.0);
            pb.quad_to(500.0, cy - 78.0, cx_r - 96.0, cy - 40.0);
            if st.detail == 1 {
                pb.move_to(cx_l + 90.0, cy - 92.0);
                pb.line_to(cx_r - 90.0, cy - 92.0);
            }
        } else {
            pb.move_to(cx_l + 110.0, cy - 42.0);
            pb.quad_to(500.0, cy - 84.0, cx_r - 110.0, cy - 42.0);
        }
        done(pb)
    };
    let bw = if metal { 11.0 } else { 26.0 };
    c.stroke(&bridge, base.outline(), 1.0, bw + 6.0);
    c.stroke(&bridge, base, 1.0, bw);

    // Frame rims: outline, colour with a top-lit gradient, then a fine highlight.
    for ts in [left_ts, right_ts] {
        c.stroke_at(&lens, base.outline(), 1.0, frame_w + 6.0, ts);
        let shader = linear(
            (0.0, top - frame_w),
            (0.0, bottom + frame_w),
            &[(0.0, base.lighten(0.28), 1.0), (0.3, base, 1.0), (0.75, base, 1.0), (1.0, base.darken(0.22), 1.0)],
        );
        let paint = shader_paint(shader);
        c.stroke_paint(&lens, &paint, &stroke_style(frame_w), ts, None);
        if !metal {
            c.stroke_at(&lens, Rgb::WHITE, 0.18, 3.0, ts.pre_translate(-3.0, -6.0).pre_scale(0.97, 0.97));
        }
        // Hinge.
        let hinge = rounded_poly(
            &[
                (outer_x - 10.0, hinge_y - 16.0),
                (outer_x + 18.0, hinge_y - 16.0),
                (outer_x + 18.0, hinge_y + 14.0),
                (outer_x - 10.0, hinge_y + 14.0),
            ],
            &[5.0],
        );
        c.fill_paint(&hinge, &solid(base.darken(0.1), 1.0), ts, None);
        c.stroke_at(&hinge, base.outline(), 1.0, 3.0, ts);
    }
}

// ---------------------------------------------------------------------------------------------
// Chain
// ---------------------------------------------------------------------------------------------

struct Curve {
    pts: Vec<(f32, f32)>,
    acc: Vec<f32>,
}

impl Curve {
    fn necklace() -> Curve {
        let (cx, cy, rx, ry) = (500.0f32, 350.0f32, 280.0f32, 322.0f32);
        let (t0, t1) = (-0.42f32, std::f32::consts::PI + 0.42);
        let n = 400;
        let mut pts = Vec::with_capacity(n + 1);
        let mut acc = Vec::with_capacity(n + 1);
        let mut total = 0.0;
        for i in 0..=n {
            let t = t0 + (t1 - t0) * i as f32 / n as f32;
            let p = (cx - rx * t.cos(), cy + ry * t.sin());
            if let Some(&q) = pts.last() {
                let q: (f32, f32) = q;
                total += ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            }
            pts.push(p);
            acc.push(total);
        }
        Curve { pts, acc }
    }
    fn len(&self) -> f32 {
        *self.acc.last().unwrap_or(&0.0)
    }
    /// Point and tangent angle (degrees) at arc length `s`.
    fn at(&self, s: f32) -> (f32, f32, f32) {
        let i = self.acc.partition_point(|&a| a < s).clamp(1, self.pts.len() - 1);
        let (a, b) = (self.pts[i - 1], self.pts[i]);
        let span = (self.acc[i] - self.acc[i - 1]).max(1e-4);
        let t = ((s - self.acc[i - 1]) / span).clamp(0.0, 1.0);
        let angle = (b.1 - a.1).atan2(b.0 - a.0).to_degrees();
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, angle)
    }
}

fn metal_shader(base: Rgb, half: f32) -> Shader<'static> {
    linear(
        (0.0, -half),
        (0.0, half),
        &[
            (0.0, base.lighten(0.5), 1.0),
            (0.35, base.lighten(0.08), 1.0),
            (0.7, base, 1.0),
            (1.0, base.darken(0.32), 1.0),
        ],
    )
}

fn chain(c: &mut Canvas, base: Rgb, st: &Style) {
    let curve = Curve::necklace();
    let len = curve.len();
    let dark = base.darken(0.55);
    let pendant = st.detail == 2 && st.pendant;
    c.shadow(500.0, if pendant { 876.0 } else { 708.0 }, 300.0, 30.0, 0.16);

    let spacing = match st.detail {
        0 => 30.0,
        1 => 15.0,
        2 => 40.0,
        _ => 34.0,
    };
    let count = (len / spacing).floor() as usize;
    let offset = (len - count as f32 * spacing) / 2.0;

    if st.detail == 3 {
        // Ball chain: connectors first, then the balls.
        let wire = {
            let mut pb = PathBuilder::new();
            for (i, &(x, y)) in curve.pts.iter().enumerate() {
                if i == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            done(pb)
        };
        c.stroke(&wire, dark, 1.0, 8.0);
        c.stroke(&wire, base.darken(0.1), 1.0, 4.0);
        for i in 0..=count {
            let (x, y, _) = curve.at(offset + i as f32 * spacing);
            let ball = circle(x, y, 14.0);
            c.fill_shader(
                &ball,
                radial(
                    x - 5.0,
                    y - 6.0,
                    20.0,
                    20.0,
                    &[(0.0, base.lighten(0.65), 1.0), (0.45, base, 1.0), (1.0, base.darken(0.35), 1.0)],
                ),
            );
            c.stroke(&ball, dark, 0.8, 2.5);
        }
    } else {
        for pass in 0..2 {
            for i in 0..=count {
                let odd = i % 2 == 1;
                let (x, y, angle) = curve.at(offset + i as f32 * spacing);
                let ts = c.ts.pre_translate(x, y);
                match st.detail {
                    // Cuban: thick twisted rings, tightly packed.
                    0 => {
                        if pass == 1 {
                            continue;
                        }
                        let tilt = if odd { 22.0 } else { -22.0 };
                        let lts = ts.pre_rotate(angle + tilt);
                        let link = ellipse_at(32.0, 21.0);
                        c.stroke_at(&link, dark, 1.0, 20.0, lts);
                        let paint = shader_paint(metal_shader(base, 30.0));
                        c.stroke_paint(&link, &paint, &stroke_style(14.0), lts, None);
                        c.stroke_at(&link, Rgb::WHITE, 0.35, 2.5, lts.pre_translate(0.0, -4.0));
                    }
                    // Rope: overlapping twisted grains.
                    1 => {
                        if pass == 1 {
                            continue;
                        }
                        let lts = ts.pre_rotate(angle + 52.0);
                        let grain = ellipse_at(28.0, 13.0);
                        c.fill_paint(&grain, &shader_paint(metal_shader(base, 12.0)), lts, None);
                        c.stroke_at(&grain, dark, 0.9, 3.0, lts);
                    }
                    // Classic: face-on rings, then edge-on links through them.
                    _ => {
                        let lts = ts.pre_rotate(angle);
                        if !odd && pass == 0 {
                            let link = ellipse_at(27.0, 18.0);
                            c.stroke_at(&link, dark, 1.0, 15.0, lts);
                            let paint = shader_paint(metal_shader(base, 26.0));
                            c.stroke_paint(&link, &paint, &stroke_style(10.0), lts, None);
                        } else if odd && pass == 1 {
                            let bar = rounded_poly(&[(-30.0, -7.0), (30.0, -7.0), (30.0, 7.0), (-30.0, 7.0)], &[7.0]);
                            c.fill_paint(&bar, &shader_paint(metal_shader(base, 8.0)), lts, None);
                            c.stroke_at(&bar, dark, 1.0, 3.0, lts);
                        }
                    }
                }
            }
        }
    }

    // Clasp: a spring ring on one end, a small tag ring on the other.
    let (x0, y0, _) = curve.at(0.0);
    let (x1, y1, _) = curve.at(len);
    for (x, y, r) in [(x0, y0 - 14.0, 16.0f32), (x1, y1 - 12.0, 12.0)] {
        let ring = circle(x, y, r);
        c.stroke(&ring, dark, 1.0, 11.0);
        c.stroke(&ring, base, 1.0, 6.0);
    }

    if pendant {
        let (bx, by) = (500.0f32, 694.0);
        let bail = ellipse_at(12.0, 20.0);
        let bts = c.ts.pre_translate(bx, by);
        c.stroke_at(&bail, dark, 1.0, 12.0, bts);
        c.stroke_at(&bail, base, 1.0, 7.0, bts);
        let (mx, my, r) = (500.0f32, 790.0f32, 72.0f32);
        let disc = circle(mx, my, r);
        c.fill_shader(
            &disc,
            radial(
                mx - 26.0,
                my - 30.0,
                r * 1.6,
                r * 1.6,
                &[(0.0, base.lighten(0.55), 1.0), (0.45, base, 1.0), (1.0, base.darken(0.35), 1.0)],
            ),
        );
        c.stroke(&disc, dark, 1.0, 5.0);
        c.stroke(&circle(mx, my, r - 14.0), base.darken(0.25), 0.9, 4.0);
        // An engraved sun.
        c.fill(&circle(mx, my, 18.0), base.darken(0.22), 1.0);
        let mut pb = PathBuilder::new();
        for k in 0..12 {
            let a = k as f32 * std::f32::consts::TAU / 12.0;
            pb.move_to(mx + 26.0 * a.cos(), my + 26.0 * a.sin());
            pb.line_to(mx + 42.0 * a.cos(), my + 42.0 * a.sin());
        }
        c.stroke(&done(pb), base.darken(0.22), 1.0, 5.0);
    }
}

// ---------------------------------------------------------------------------------------------
// Anything else: a price tag.
// ---------------------------------------------------------------------------------------------

fn tag(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 800.0, 230.0, 30.0, 0.2);
    let shape = rounded_poly(
        &[(500.0, 190.0), (680.0, 330.0), (680.0, 760.0), (320.0, 760.0), (320.0, 330.0)],
        &[30.0, 24.0, 30.0, 30.0, 24.0],
    );
    garment_fill(c, &shape, base, 320.0, 680.0, 190.0, 760.0);
    c.stroke(&shape, base.outline(), 1.0, 6.0);
    c.fill(&circle(500.0, 320.0, 30.0), st.bg, 1.0);
    c.stroke(&circle(500.0, 320.0, 30.0), base.outline(), 1.0, 5.0);
    let mask = c.mask(&[&shape]);
    for (i, w) in [220.0f32, 160.0, 190.0].iter().enumerate() {
        let y = 470.0 + i as f32 * 70.0;
        let bar = rounded_poly(
            &[(500.0 - w / 2.0, y), (500.0 + w / 2.0, y), (500.0 + w / 2.0, y + 26.0), (500.0 - w / 2.0, y + 26.0)],
            &[13.0],
        );
        c.fill_masked(&bar, base.detail(0.25), 0.8, &mask);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUBS: [&str; 4] = ["t-shirt", "pull", "lunette", "chaine"];

    fn px(img: &RgbaImage, x: u32, y: u32) -> Rgb {
        let p = img.get_pixel(x, y);
        rgb(p[0], p[1], p[2])
    }

    /// Share of pixels of the central region (middle `frac` of each side) within `tol` of `c`.
    fn share_near(img: &RgbaImage, c: Rgb, frac: f32, tol: f32) -> f32 {
        let s = img.width();
        let lo = ((1.0 - frac) / 2.0 * s as f32) as u32;
        let hi = s - lo;
        let (mut near, mut all) = (0u32, 0u32);
        for y in lo..hi {
            for x in lo..hi {
                all += 1;
                if px(img, x, y).dist(c) <= tol {
                    near += 1;
                }
            }
        }
        near as f32 / all as f32
    }

    #[test]
    fn colour_names_map_to_rgb() {
        assert_eq!(colour_rgb("rouge"), [204, 42, 48]);
        assert_eq!(colour_rgb(" Bleu  Marine "), colour_rgb("bleu marine"));
        assert_eq!(colour_rgb("bleu-marine"), colour_rgb("bleu marine"));
        assert_eq!(colour_rgb("Dore"), colour_rgb("doré"));
        assert_ne!(colour_rgb("doré"), UNKNOWN_COLOUR);
        assert_ne!(colour_rgb("bleu marine"), colour_rgb("bleu"));
        assert_eq!(colour_rgb("fuchsia"), UNKNOWN_COLOUR);
        for (name, _) in COLOURS {
            assert_ne!(colour_rgb(name), UNKNOWN_COLOUR, "{name}");
        }
    }

    #[test]
    fn every_subcategory_shows_its_colour_in_the_centre_on_a_distinct_background() {
        // Acetate frames (variants 2 and 3) for glasses; every chain style.
        let cases = [
            ("t-shirt", "rouge", 0, 0.25),
            ("t-shirt", "bleu", 1, 0.15),
            ("t-shirt", "jaune", 2, 0.15),
            ("t-shirt", "vert", 3, 0.2),
            ("pull", "vert", 0, 0.25),
            ("pull", "bordeaux", 1, 0.2),
            ("pull", "orange", 2, 0.2),
            ("pull", "violet", 3, 0.15),
            ("lunette", "rouge", 2, 0.02),
            ("lunette", "bleu", 3, 0.02),
            ("lunette", "orange", 0, 0.005),
            ("chaine", "doré", 0, 0.02),
            ("chaine", "doré", 1, 0.02),
            ("chaine", "argenté", 2, 0.02),
            ("chaine", "doré", 3, 0.01),
        ];
        for (sub, colour, variant, min_share) in cases {
            let img = render_product(sub, colour, variant, 300);
            assert_eq!((img.width(), img.height()), (300, 300), "{sub}");
            assert!(img.pixels().all(|p| p[3] == 255), "{sub}: not opaque");
            let c = Rgb::from(colour_rgb(colour));
            let share = share_near(&img, c, 0.6, 38.0);
            assert!(share >= min_share, "{sub}/{colour}/{variant}: only {share} of the centre is {colour}");
            // The opposite colour is not what was drawn.
            let other = Rgb::from(colour_rgb(if colour == "vert" { "rose" } else { "vert" }));
            assert!(share_near(&img, other, 0.6, 38.0) < 0.01, "{sub}/{colour}: unexpected colour");
            // The background (corners) is opaque and clearly not the product colour.
            for (x, y) in [(2, 2), (297, 2), (2, 297), (297, 297)] {
                assert_eq!(img.get_pixel(x, y)[3], 255);
                assert!(px(&img, x, y).dist(c) > 40.0, "{sub}/{colour}: background too close");
            }
        }
    }

    #[test]
    fn white_and_black_garments_stay_visible() {
        for colour in ["blanc", "noir", "beige"] {
            for sub in SUBS {
                for variant in 0..6 {
                    let img = render_product(sub, colour, variant, 200);
                    let corner = px(&img, 1, 1);
                    let c = Rgb::from(colour_rgb(colour));
                    assert!(corner.dist(c) > 40.0, "{sub}/{colour}/{variant}: background too close");
                }
            }
        }
    }

    #[test]
    fn rendering_is_deterministic_and_variants_differ() {
        for sub in SUBS {
            let a = render_product(sub, "bleu", 1, 160);
            let b = render_product(sub, "bleu", 1, 160);
            assert_eq!(a, b, "{sub} not deterministic");
            let distinct: std::collections::HashSet<Vec<u8>> =
                (0..4).map(|v| render_product(sub, "bleu", v, 160).into_raw()).collect();
            assert_eq!(distinct.len(), 4, "{sub}: variants look identical");
            assert_ne!(a, render_product(sub, "rouge", 1, 160), "{sub}: colour ignored");
        }
    }

    #[test]
    fn variant_for_follows_the_product_name() {
        let design = |sub: &str, name: &str, pos: u32| variant_for(sub, name, pos) % 4;
        assert_eq!(design("t-shirt", "T-shirt Corniche Rayé", 7), 1);
        assert_eq!(design("t-shirt", "T-shirt Wax Poche", 0), 3);
        assert_eq!(design("t-shirt", "T-shirt Yoff Surf Club", 1), 2);
        assert_eq!(design("pull", "Sweat à capuche Plateau", 0), 2);
        assert_eq!(design("pull", "Pull Ndiambour Maille Épaisse", 0), 3);
        assert_eq!(design("pull", "Pull Col Roulé Élégance", 2), 0);
        assert_eq!(design("lunette", "Lunettes Aviateur Almadies", 0), 1);
        assert_eq!(design("lunette", "Lunettes Cat-Eye Jongoma", 0), 3);
        assert_eq!(design("lunette", "Lunettes Rondes Médina", 3), 0);
        assert_eq!(design("lunette", "Lunettes Carrées Plateau", 0), 2);
        assert_eq!(design("chaine", "Chaîne Cubaine Dorée", 2), 0);
        assert_eq!(design("chaine", "Chaîne Torsadée Sabar", 0), 1);
        assert_eq!(design("chaine", "Chaîne Boules Minimaliste", 0), 3);
        // Pendant only when the name has one.
        let pendant = variant_for("chaine", "Chaîne Pendentif Cauri", 5);
        let plain = variant_for("chaine", "Chaîne Maille Forçat Noire", 5);
        assert_eq!((pendant % 4, (pendant / 4) % 2), (2, 0));
        assert_eq!((plain % 4, (plain / 4) % 2), (2, 1));
        for pos in 0..12 {
            assert_ne!(design("pull", "Pull Dakar Nights", pos), 2, "no unexpected hood");
            let v = variant_for("chaine", "Chaîne Dakar", pos);
            assert!(v % 4 != 2 || (v / 4) % 2 == 1, "no unexpected medallion");
        }
        // Same name, different positions: same design, different pictures.
        let a = variant_for("t-shirt", "T-shirt Corniche Rayé", 1);
        let b = variant_for("t-shirt", "T-shirt Corniche Rayé", 2);
        assert_ne!(render_product("t-shirt", "rouge", a, 120), render_product("t-shirt", "rouge", b, 120));
        // Without a hint the design follows the position.
        let designs: std::collections::HashSet<u32> =
            (0..4).map(|p| design("t-shirt", "T-shirt Sama Dakar", p)).collect();
        assert_eq!(designs.len(), 4);
    }

    #[test]
    fn unknown_colour_and_subcategory_fall_back() {
        let img = render_product("t-shirt", "arc-en-ciel", 0, 200);
        let grey = Rgb::from(UNKNOWN_COLOUR);
        assert!(share_near(&img, grey, 0.5, 38.0) > 0.25);
        assert_eq!(Kind::parse("T-Shirts"), Kind::TShirt);
        assert_eq!(Kind::parse("Chaînes"), Kind::Chain);
        assert_eq!(Kind::parse("lunettes"), Kind::Glasses);
        let tag = render_product("casquette", "rouge", 0, 200);
        assert!(share_near(&tag, Rgb::from(colour_rgb("rouge")), 0.5, 38.0) > 0.2);
        // Sizes are clamped to a sane range.
        assert_eq!(render_product("pull", "noir", 0, 0).width(), MIN_SIZE);
    }
}
