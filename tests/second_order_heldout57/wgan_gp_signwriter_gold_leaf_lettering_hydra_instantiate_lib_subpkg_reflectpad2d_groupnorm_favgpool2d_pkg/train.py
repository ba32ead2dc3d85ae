"""WGAN-GP on crops of hand-lettered gold-leaf shop signs.

Run from this folder:  python train.py --steps 3
Models are described by Hydra-style node dicts and built with a small `instantiate` helper.
"""
import argparse
import importlib

import torch
import torch.nn.functional as F

from lib import gradient_penalty, wasserstein_critic_loss, wasserstein_generator_loss

CONFIG = {
    "critic": {"_target_": "lib.models.LetterCritic", "channels": [1, 16, 32, 64], "groups": 4},
    "generator": {"_target_": "lib.models.StrokeGenerator", "z_dim": 32, "base": 64},
    "optim": {"lr": 1e-4, "betas": (0.0, 0.9)},
    "gp_weight": 10.0,
    "n_critic": 2,
}


def locate(path):
    module_name, _, attr = path.rpartition(".")
    module = importlib.import_module(module_name)
    return getattr(module, attr)


def instantiate(node, **overrides):
    """Minimal hydra.utils.instantiate: `_target_` is a dotted path to a callable."""
    node = dict(node)
    target = locate(node.pop("_target_"))
    node.update(overrides)
    return target(**node)


def synthetic_letter_crops(n, size=16, seed=0):
    """Stand-in for the scanned crops: bright strokes (gilded) on a dark ground, in [-1, 1]."""
    g = torch.Generator().manual_seed(seed)
    img = -torch.ones(n, 1, size, size)
    for i in range(n):
        col = int(torch.randint(3, size - 3, (1,), generator=g))
        row = int(torch.randint(3, size - 3, (1,), generator=g))
        img[i, 0, :, col - 1:col + 1] = 0.8
        img[i, 0, row, 2:size - 2] = 0.9
    return img + 0.05 * torch.randn(img.shape, generator=g)


@torch.no_grad()
def preview(generator, n=4):
    """Upscaled previews for the sign-writer's contact sheet (not part of training)."""
    fake = generator(generator.sample_z(n))
    return F.interpolate(fake, scale_factor=4, mode="bilinear", align_corners=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)

    critic = instantiate(CONFIG["critic"])
    generator = instantiate(CONFIG["generator"])
    opt_d = torch.optim.Adam(critic.parameters(), **CONFIG["optim"])
    opt_g = torch.optim.Adam(generator.parameters(), **CONFIG["optim"])
    data = synthetic_letter_crops(64)

    for step in range(args.steps):
        for _ in range(CONFIG["n_critic"]):
            real = data[torch.randint(0, data.size(0), (args.batch,))]
            fake = generator(generator.sample_z(args.batch)).detach()
            loss_d = wasserstein_critic_loss(critic(real), critic(fake))
            gp = gradient_penalty(critic, real, fake)
            opt_d.zero_grad()
            (loss_d + CONFIG["gp_weight"] * gp).backward()
            opt_d.step()

        fake = generator(generator.sample_z(args.batch))
        loss_g = wasserstein_generator_loss(critic(fake))
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: D {loss_d.item():.4f} GP {gp.item():.4f} G {loss_g.item():.4f}")

    sheet = preview(generator)
    print("preview", tuple(sheet.shape))


if __name__ == "__main__":
    main()
