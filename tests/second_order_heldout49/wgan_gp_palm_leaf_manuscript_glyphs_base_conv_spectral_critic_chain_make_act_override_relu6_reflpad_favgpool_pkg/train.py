"""Trainer loop (critic-heavy schedule, optimizer_idx like Lightning's old multi-optimiser API) + synthetic glyphs."""
import torch

import config as C
from spectral import GlyphWGAN


def glyph_patches(n, img, gen):
    """Binarised strokes: random arcs and vertical ascenders typical of Grantha / Tamil palm-leaf script."""
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, img), torch.linspace(-1, 1, img), indexing="ij")
    r0 = 0.3 + 0.4 * torch.rand(n, 1, 1, generator=gen)
    cx = 0.3 * (torch.rand(n, 1, 1, generator=gen) - 0.5)
    ring = ((((xx - cx) ** 2 + yy ** 2).sqrt() - r0).abs() < 0.12).float()
    stem = ((xx - cx - r0).abs() < 0.1).float() * (torch.rand(n, 1, 1, generator=gen) < 0.5).float()
    return torch.clamp(ring + stem, 0, 1).unsqueeze(1)


class Trainer:
    def __init__(self, max_steps, n_critic):
        self.max_steps, self.n_critic = max_steps, n_critic

    def fit(self, module, gen):
        opt_g, opt_d = module.configure_optimizers()
        for step in range(self.max_steps):
            for _ in range(self.n_critic):
                loss, logs = module.training_step(glyph_patches(module.cfg.BATCH, module.cfg.IMG, gen), step, 1)
                opt_d.zero_grad(set_to_none=True)
                loss.backward()
                opt_d.step()
            g_loss, g_logs = module.training_step(glyph_patches(module.cfg.BATCH, module.cfg.IMG, gen), step, 0)
            opt_g.zero_grad(set_to_none=True)
            g_loss.backward()
            opt_g.step()
            logs.update(g_logs)
            print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


if __name__ == "__main__":
    torch.manual_seed(C.SEED)
    Trainer(C.MAX_STEPS, C.N_CRITIC).fit(GlyphWGAN(C), torch.Generator().manual_seed(C.SEED))
