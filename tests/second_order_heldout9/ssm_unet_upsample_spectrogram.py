"""Sliced score matching (Song et al. 2019) for anomaly scoring of log-mel spectrogram patches.
The score network is a two-level U-Net; the loss contains v^T (ds/dx) v, so training
differentiates the network twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.avg_pool2d(F.silu(self.conv(x)), 2)


class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x, skip):
        return F.silu(self.conv(torch.cat([self.up(x), skip], dim=1)))


class ScoreUNet(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.inc = nn.Conv2d(1, c, 3, padding=1)
        self.d1 = Down(c, 2 * c)
        self.mid = nn.Conv2d(2 * c, 2 * c, 3, padding=1)
        self.u1 = Up(3 * c, c)
        self.outc = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        h0 = F.silu(self.inc(x))
        h1 = F.silu(self.mid(self.d1(h0)))
        return self.outc(self.u1(h1, h0))


def sliced_score_matching(net, x, n_proj=1):
    x = x.requires_grad_(True)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(x)
        s = net(x)
        sv = (s * v).sum()
        grad_sv = torch.autograd.grad(sv, x, create_graph=True)[0]
        total = total + (grad_sv * v).flatten(1).sum(1) + 0.5 * (s * v).flatten(1).sum(1) ** 2
    return (total / n_proj).mean()


if __name__ == "__main__":
    net = ScoreUNet()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for it in range(2):
        mel = torch.randn(4, 1, 16, 16)
        loss = sliced_score_matching(net, mel.clone())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, float(loss))
