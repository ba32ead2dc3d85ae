"""Noise-conditional score network for scanned typewriter glyphs (16x16 bitmaps), trained with
denoising score matching (Vincent 2011; Song & Ermon 2019). DSM regresses the score directly and
needs no derivative of the network. For monitoring we also log a Hutchinson estimate of the score
divergence tr(ds/dx) on the noisy batch (the implicit-score-matching term); it is a plain input
gradient and is never trained on.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

SIGMAS = torch.exp(torch.linspace(0.0, -3.0, 6))
LOG_DIV_WITH_GRAPH = False     # keep the graph of the divergence probe (debugging only)


class GlyphScoreNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.SiLU())
        self.down = nn.AvgPool2d(2)
        self.mid = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.SiLU())
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec = nn.Conv2d(2 * ch, 1, 3, padding=1)

    def forward(self, x, sigma):
        h = self.enc(x)
        m = self.up(self.mid(self.down(h)))
        return self.dec(torch.cat([h, m], dim=1)) / sigma[:, None, None, None]


def dsm_loss(net, x, sidx):
    sigma = SIGMAS[sidx]
    noise = torch.randn_like(x) * sigma[:, None, None, None]
    score = net(x + noise, sigma)
    target = -noise / sigma[:, None, None, None] ** 2
    per = ((score - target) ** 2).flatten(1).sum(1) * sigma ** 2
    return 0.5 * per.mean()


def hutchinson_divergence(net, x, sidx, n_probe=1, create_graph=False):
    x = x.detach().requires_grad_(True)
    s = net(x, SIGMAS[sidx])
    est = 0.0
    for _ in range(n_probe):
        v = torch.randint(0, 2, x.shape).float() * 2 - 1
        (jv,) = torch.autograd.grad((s * v).sum(), x, create_graph=create_graph, retain_graph=True)
        est = est + (jv * v).flatten(1).sum(1)
    return est / n_probe


def glyph_batch(n, size=16):
    img = torch.zeros(n, 1, size, size)
    for i in range(n):
        r0, c0 = torch.randint(2, 6, (2,)).tolist()
        img[i, 0, r0:size - r0, c0:c0 + 2] = 1.0            # stem
        img[i, 0, r0:r0 + 2, c0:size - 3] = 1.0             # bar
    return img * 2 - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=12)
    args = ap.parse_args()
    torch.manual_seed(0)
    net = GlyphScoreNet()
    opt = torch.optim.Adam(net.parameters(), lr=2e-4)
    for step in range(args.steps):
        x = glyph_batch(args.batch)
        sidx = torch.randint(0, len(SIGMAS), (args.batch,))
        loss = dsm_loss(net, x, sidx)
        opt.zero_grad()
        loss.backward()
        opt.step()
        noisy = x + SIGMAS[sidx][:, None, None, None] * torch.randn_like(x)
        div = hutchinson_divergence(net, noisy, sidx, create_graph=LOG_DIV_WITH_GRAPH)
        print(f"step {step} dsm {loss.item():.2f} mean div {div.mean().item():.1f}")


if __name__ == "__main__":
    main()
