//! The colours and the details a variant picks.

use tiny_skia::Color;

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rgb {
    pub(super) r: f32,
    pub(super) g: f32,
    pub(super) b: f32,
}

impl From<[u8; 3]> for Rgb {
    fn from([r, g, b]: [u8; 3]) -> Self {
        Rgb { r: r as f32, g: g as f32, b: b as f32 }
    }
}

impl Rgb {
    pub(super) const WHITE: Rgb = Rgb { r: 255.0, g: 255.0, b: 255.0 };
    pub(super) const BLACK: Rgb = Rgb { r: 0.0, g: 0.0, b: 0.0 };

    pub(super) fn mix(self, o: Rgb, t: f32) -> Rgb {
        Rgb { r: self.r + (o.r - self.r) * t, g: self.g + (o.g - self.g) * t, b: self.b + (o.b - self.b) * t }
    }
    pub(super) fn lighten(self, t: f32) -> Rgb {
        self.mix(Rgb::WHITE, t)
    }
    pub(super) fn darken(self, t: f32) -> Rgb {
        self.mix(Rgb::BLACK, t)
    }
    pub(super) fn luma(self) -> f32 {
        0.299 * self.r + 0.587 * self.g + 0.114 * self.b
    }
    pub(super) fn dist(self, o: Rgb) -> f32 {
        ((self.r - o.r).powi(2) + (self.g - o.g).powi(2) + (self.b - o.b).powi(2)).sqrt()
    }
    pub(super) fn is_dark(self) -> bool {
        self.luma() < 70.0
    }
    /// A tone for seams, ribs and folds: darker on light colours, lighter on very dark ones.
    pub(super) fn detail(self, t: f32) -> Rgb {
        if self.is_dark() { self.lighten(t * 1.1) } else { self.darken(t) }
    }
    pub(super) fn outline(self) -> Rgb {
        if self.is_dark() { self.darken(0.5) } else { self.darken(0.42) }
    }
    pub(super) fn color(self, alpha: f32) -> Color {
        Color::from_rgba(
            (self.r / 255.0).clamp(0.0, 1.0),
            (self.g / 255.0).clamp(0.0, 1.0),
            (self.b / 255.0).clamp(0.0, 1.0),
            alpha.clamp(0.0, 1.0),
        )
        .unwrap_or(Color::BLACK)
    }
}

pub(super) const fn rgb(r: u8, g: u8, b: u8) -> Rgb {
    Rgb { r: r as f32, g: g as f32, b: b as f32 }
}

/// Soft background tints.
pub(super) const BACKGROUNDS: [Rgb; 6] = [
    rgb(243, 233, 216), // sable
    rgb(221, 239, 229), // menthe
    rgb(220, 231, 244), // bleu poudré
    rgb(247, 225, 222), // blush
    rgb(233, 227, 244), // lilas
    rgb(247, 239, 208), // beurre
];

/// Deeper tints, for very light products (blanc, beige, argenté...).
pub(super) const DEEP_BACKGROUNDS: [Rgb; 6] = [
    rgb(226, 196, 170), // argile
    rgb(186, 212, 196), // sauge
    rgb(184, 206, 230), // ciel
    rgb(234, 190, 190), // rose poudré
    rgb(204, 194, 230), // lavande
    rgb(232, 206, 150), // ocre clair
];

/// Smallest colour distance between the background and the product.
pub(super) const MIN_CONTRAST: f32 = 60.0;

/// Colours for prints, stripes and pockets.
pub(super) const ACCENTS: [Rgb; 6] = [
    rgb(234, 176, 44),  // or / soleil
    rgb(200, 88, 54),   // terre cuite
    rgb(24, 122, 118),  // bleu canard
    rgb(246, 238, 218), // crème
    rgb(36, 36, 44),    // encre
    rgb(222, 58, 64),   // rouge vif
];

/// Lens tints: (top, bottom).
pub(super) const LENSES: [(Rgb, Rgb); 5] = [
    (rgb(26, 30, 40), rgb(78, 88, 106)),    // fumé
    (rgb(30, 52, 38), rgb(86, 110, 84)),    // vert G15
    (rgb(58, 36, 24), rgb(138, 96, 60)),    // marron dégradé
    (rgb(24, 54, 104), rgb(96, 156, 206)),  // miroir bleu
    (rgb(120, 52, 72), rgb(222, 150, 168)), // rosé
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    TShirt,
    Pull,
    Glasses,
    Chain,
    Other,
}

impl Kind {
    pub(super) fn parse(subcategory: &str) -> Kind {
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
pub(super) struct Style {
    /// Main detail switch (print, hood, lens shape, chain style), 0..4.
    pub(super) detail: u32,
    pub(super) bg: Rgb,
    pub(super) accent: Rgb,
    pub(super) lens: (Rgb, Rgb),
    /// Background decoration, 0..3.
    pub(super) deco: u32,
    /// Rotation of the product in degrees.
    pub(super) angle: f32,
    /// Classic chains: hang a medallion.
    pub(super) pendant: bool,
}

impl Style {
    pub(super) fn new(variant: u32, base: Rgb, kind: Kind) -> Style {
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

/// Neutral grey used for colour names the illustrator does not know.
pub const UNKNOWN_COLOR: [u8; 3] = [160, 160, 164];

/// The catalogue's colour names and the RGB used to draw them.
pub const COLORS: [(&str, [u8; 3]); 17] = [
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
/// `"bleu-marine"`); unknown names give [`UNKNOWN_COLOR`].
pub fn color_rgb(name: &str) -> [u8; 3] {
    let key = fold(name);
    COLORS.iter().find(|(n, _)| fold(n) == key).map(|(_, rgb)| *rgb).unwrap_or(UNKNOWN_COLOR)
}

/// Lower-case, accent-free, single-spaced form of a name.
pub(super) fn fold(s: &str) -> String {
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
