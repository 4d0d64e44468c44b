//! The pixmap in design space, its paints and the path helpers every drawing uses.

use image::RgbaImage;
use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, LinearGradient, Mask, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Rect, Shader, SpreadMode, Stroke, StrokeDash, Transform,
};

use super::style::*;

/// Side of the design space every shape is drawn in.
pub(super) const DESIGN: f32 = 1000.0;

pub(super) struct Canvas {
    pub(super) pm: Pixmap,
    pub(super) size: u32,
    /// Design space → pixels, without rotation (background).
    pub(super) flat: Transform,
    /// Design space → pixels, with the product's rotation around the centre.
    pub(super) ts: Transform,
}

pub(super) fn solid(c: Rgb, alpha: f32) -> Paint<'static> {
    Paint { shader: Shader::SolidColor(c.color(alpha)), anti_alias: true, ..Paint::default() }
}

pub(super) fn shader_paint(shader: Shader<'static>) -> Paint<'static> {
    Paint { shader, anti_alias: true, ..Paint::default() }
}

pub(super) fn linear(p0: (f32, f32), p1: (f32, f32), stops: &[(f32, Rgb, f32)]) -> Shader<'static> {
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
pub(super) fn radial(cx: f32, cy: f32, rx: f32, ry: f32, stops: &[(f32, Rgb, f32)]) -> Shader<'static> {
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

pub(super) fn stroke_style(width: f32) -> Stroke {
    Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() }
}

impl Canvas {
    pub(super) fn new(size: u32, angle: f32) -> Canvas {
        let pm = Pixmap::new(size, size).expect("size is clamped to a valid range");
        let s = size as f32 / DESIGN;
        let flat = Transform::from_scale(s, s);
        let ts = flat.pre_concat(Transform::from_rotate_at(angle, DESIGN / 2.0, DESIGN / 2.0));
        Canvas { pm, size, flat, ts }
    }

    pub(super) fn fill_paint(&mut self, path: &Path, paint: &Paint, ts: Transform, mask: Option<&Mask>) {
        self.pm.fill_path(path, paint, FillRule::Winding, ts, mask);
    }
    pub(super) fn fill(&mut self, path: &Path, c: Rgb, alpha: f32) {
        let ts = self.ts;
        self.fill_paint(path, &solid(c, alpha), ts, None);
    }
    pub(super) fn fill_shader(&mut self, path: &Path, shader: Shader<'static>) {
        let ts = self.ts;
        self.fill_paint(path, &shader_paint(shader), ts, None);
    }
    pub(super) fn fill_masked(&mut self, path: &Path, c: Rgb, alpha: f32, mask: &Mask) {
        let ts = self.ts;
        self.fill_paint(path, &solid(c, alpha), ts, Some(mask));
    }
    pub(super) fn stroke_paint(
        &mut self,
        path: &Path,
        paint: &Paint,
        stroke: &Stroke,
        ts: Transform,
        mask: Option<&Mask>,
    ) {
        self.pm.stroke_path(path, paint, stroke, ts, mask);
    }
    pub(super) fn stroke(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32) {
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, None);
    }
    pub(super) fn stroke_at(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32, ts: Transform) {
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, None);
    }
    pub(super) fn stroke_masked(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32, mask: &Mask) {
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke_style(width), ts, Some(mask));
    }
    pub(super) fn stitches(&mut self, path: &Path, c: Rgb, alpha: f32, width: f32) {
        let mut stroke = stroke_style(width);
        stroke.line_cap = LineCap::Butt;
        stroke.dash = StrokeDash::new(vec![10.0, 8.0], 0.0);
        let ts = self.ts;
        self.stroke_paint(path, &solid(c, alpha), &stroke, ts, None);
    }
    /// A mask covering `paths` (in design space, with the product transform).
    pub(super) fn mask(&self, paths: &[&Path]) -> Mask {
        let mut m = Mask::new(self.size, self.size).expect("valid size");
        for p in paths {
            m.fill_path(p, FillRule::Winding, true, self.ts);
        }
        m
    }
    /// A soft elliptical contact shadow.
    pub(super) fn shadow(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, alpha: f32) {
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

    pub(super) fn background(&mut self, st: &Style) {
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

    pub(super) fn into_image(self) -> RgbaImage {
        // The background is opaque everywhere, so premultiplied and straight RGBA are the same.
        let size = self.size;
        RgbaImage::from_raw(size, size, self.pm.take()).expect("pixmap has size x size pixels")
    }
}

pub(super) fn done(pb: PathBuilder) -> Path {
    pb.finish().expect("illustration paths are never empty")
}

pub(super) fn circle(cx: f32, cy: f32, r: f32) -> Path {
    PathBuilder::from_circle(cx, cy, r.max(0.1)).expect("positive radius")
}

pub(super) fn ellipse_at(rx: f32, ry: f32) -> Path {
    PathBuilder::from_oval(Rect::from_xywh(-rx, -ry, rx * 2.0, ry * 2.0).expect("positive radii"))
        .expect("positive radii")
}

pub(super) fn line(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    done(pb)
}

/// A closed polygon with rounded corners (radius `r[i]` at corner `i`).
pub(super) fn rounded_poly(points: &[(f32, f32)], r: &[f32]) -> Path {
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

pub(super) fn cubic_point(p: [(f32, f32); 4], t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
}

/// A small emblem: a sun disc in a ring.
pub(super) fn emblem(c: &mut Canvas, x: f32, y: f32, r: f32, col: Rgb, mask: &Mask) {
    c.fill_masked(&circle(x, y, r * 0.55), col, 0.95, mask);
    c.stroke_masked(&circle(x, y, r), col, 0.95, r * 0.16, mask);
}

/// Ribs between two edges: `n` lines from a point on (a0, a1) to the same fraction of (b0, b1).
pub(super) fn ribs(c: &mut Canvas, a0: (f32, f32), a1: (f32, f32), b0: (f32, f32), b1: (f32, f32), n: usize, col: Rgb) {
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
pub(super) fn garment_fill(c: &mut Canvas, path: &Path, base: Rgb, x0: f32, x1: f32, y0: f32, y1: f32) {
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
