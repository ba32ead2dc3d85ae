"""CycleGAN stain transfer between Giemsa- and Wright-stained peripheral blood smears.

Four networks: G_gw (Giemsa -> Wright), G_wg (Wright -> Giemsa), a multi-scale critic for the Giemsa domain and a
PatchGAN critic for the Wright domain. The Wright critic over-fitted the small Wright set, so it alone gets an R1
penalty on real Wright tiles (``R1_ON``); every other network is trained first order.
"""
import argparse
import itertools
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("stain_cyclegan")
R1_ON = {"giemsa": False, "wright": True}


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(ch, ch, 3), nn.InstanceNorm2d(ch), nn.ReLU(),
            nn.ReflectionPad2d(1), nn.Conv2d(ch, ch, 3), nn.InstanceNorm2d(ch),
        )

    def forward(self, x):
        return x + self.body(x)


class StainGenerator(nn.Module):
    def __init__(self, ch=16, blocks=2):
        super().__init__()
        self.stem = nn.Sequential(nn.ReflectionPad2d(2), nn.Conv2d(3, ch, 5), nn.InstanceNorm2d(ch), nn.ReLU())
        self.res = nn.Sequential(*[ResBlock(ch) for _ in range(blocks)])
        self.out = nn.Conv2d(ch, 3, 1)

    def forward(self, x):
        return torch.tanh(self.out(self.res(self.stem(x))))


class PatchCritic(nn.Module):
    """70x70-style PatchGAN shrunk for 16x16 tiles."""

    def __init__(self, ch=16):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 4, stride=2, padding=1)
        self.c2 = nn.Conv2d(ch, 2 * ch, 4, stride=2, padding=1)
        self.norm = nn.GroupNorm(4, 2 * ch)
        self.c3 = nn.Conv2d(2 * ch, 1, 3)

    def forward(self, x):
        h = F.leaky_relu(self.c1(x), 0.2)
        h = F.leaky_relu(self.norm(self.c2(h)), 0.2)
        h = F.pad(h, (1, 1, 1, 1), mode="reflect")
        return self.c3(h)


class MultiScaleCritic(nn.Module):
    def __init__(self, ch=16, scales=2):
        super().__init__()
        self.heads = nn.ModuleList(
            nn.Sequential(nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(ch, 1, 3, padding=1))
            for _ in range(scales)
        )
        self.down = nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False)

    def forward(self, x):
        outs = []
        for head in self.heads:
            outs.append(head(x).flatten(1))
            x = self.down(x)
        return torch.cat(outs, dim=1)


def lsgan(pred, target_is_real):
    return F.mse_loss(pred, torch.full_like(pred, 1.0 if target_is_real else 0.0))


def r1(critic, real):
    real = real.detach().requires_grad_(True)
    out = critic(real)
    (g,) = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def critic_step(critic, real, fake, domain, gamma):
    loss = 0.5 * (lsgan(critic(real), True) + lsgan(critic(fake.detach()), False))
    pen = r1(critic, real) if R1_ON[domain] else torch.zeros(())
    return loss + 0.5 * gamma * pen, pen


def smear_tiles(n, size, gen, stain):
    """Pink-violet (Giemsa) vs. blue-purple (Wright) background with darker round nuclei."""
    tint = torch.tensor([0.85, 0.55, 0.75]) if stain == "giemsa" else torch.tensor([0.6, 0.5, 0.9])
    img = tint.view(1, 3, 1, 1) + 0.05 * torch.randn(n, 3, size, size, generator=gen)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    for i in range(n):
        cy, cx = torch.randint(3, size - 3, (2,), generator=gen).tolist()
        disk = ((yy - cy) ** 2 + (xx - cx) ** 2 <= 6).float()
        img[i] -= 0.45 * disk
    return img.clamp(0, 1) * 2 - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--size", type=int, default=16)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--lambda-cycle", type=float, default=10.0)
    ap.add_argument("--lambda-id", type=float, default=5.0)
    ap.add_argument("--r1-gamma", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(4)
    gen = torch.Generator().manual_seed(4)

    g_gw, g_wg = StainGenerator(), StainGenerator()
    d_giemsa, d_wright = MultiScaleCritic(), PatchCritic()
    opt_g = torch.optim.Adam(itertools.chain(g_gw.parameters(), g_wg.parameters()), lr=2e-4, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(itertools.chain(d_giemsa.parameters(), d_wright.parameters()), lr=2e-4,
                             betas=(0.5, 0.999))

    for step in range(args.steps):
        giemsa = smear_tiles(args.batch, args.size, gen, "giemsa")
        wright = smear_tiles(args.batch, args.size, gen, "wright")

        # generators (first order through both critics)
        fake_w, fake_g = g_gw(giemsa), g_wg(wright)
        adv = lsgan(d_wright(fake_w), True) + lsgan(d_giemsa(fake_g), True)
        cyc = F.l1_loss(g_wg(fake_w), giemsa) + F.l1_loss(g_gw(fake_g), wright)
        idt = F.l1_loss(g_gw(wright), wright) + F.l1_loss(g_wg(giemsa), giemsa)
        g_loss = adv + args.lambda_cycle * cyc + args.lambda_id * idt
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()

        # critics; only the Wright critic gets R1
        lw, pen_w = critic_step(d_wright, wright, fake_w, "wright", args.r1_gamma)
        lg, pen_g = critic_step(d_giemsa, giemsa, fake_g, "giemsa", args.r1_gamma)
        opt_d.zero_grad(set_to_none=True)
        (lw + lg).backward()
        opt_d.step()
        log.info("step %d G %.3f cyc %.3f D_w %.3f (r1 %.3e) D_g %.3f", step, g_loss.item(), cyc.item(), lw.item(),
                 pen_w.item(), lg.item())

    # R1 alone must reach the Wright critic's first conv through the double backward
    (g1,) = torch.autograd.grad(r1(d_wright, smear_tiles(2, args.size, gen, "wright")), d_wright.c1.weight)
    assert g1.abs().sum() > 0


if __name__ == "__main__":
    main()
