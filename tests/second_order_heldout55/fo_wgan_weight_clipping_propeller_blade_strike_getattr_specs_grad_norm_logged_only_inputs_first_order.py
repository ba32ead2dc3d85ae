"""WGAN with weight clipping for drone propeller blade-strike acoustic signatures
(2-channel microphone envelopes, 32 frames). The original Arjovsky recipe: no gradient
penalty; the critic's input-gradient norm is only logged to watch the Lipschitz constant.
"""
import argparse

import torch
import torch.nn as nn
from torch.autograd import Variable

CRITIC = [
    ("Conv1d", {"in_channels": 2, "out_channels": 16, "kernel_size": 5, "padding": 2}),
    ("GELU", {"approximate": "tanh"}),
    ("LPPool1d", {"norm_type": 2, "kernel_size": 2}),
    ("Conv1d", {"in_channels": 16, "out_channels": 16, "kernel_size": 3, "padding": 1}),
    ("Softshrink", {"lambd": 1e-4}),
    ("AdaptiveMaxPool1d", {"output_size": 4}),
    ("Flatten", {}),
    ("Linear", {"in_features": 64, "out_features": 1}),
]
GENERATOR = [
    ("Linear", {"in_features": 8, "out_features": 16 * 8}),
    ("Unflatten", {"dim": 1, "unflattened_size": (16, 8)}),
    ("Upsample", {"scale_factor": 4, "mode": "linear"}),
    ("Conv1d", {"in_channels": 16, "out_channels": 2, "kernel_size": 3, "padding": 1}),
    ("Tanh", {}),
]


class SpecNet(nn.Module):
    def __init__(self, spec):
        super(SpecNet, self).__init__()
        for i, (name, kw) in enumerate(spec):
            self.add_module("%d_%s" % (i, name.lower()), getattr(nn, name)(**kw))

    def forward(self, x):
        for layer in self.children():
            x = layer(x)
        return x


def blade_strikes(n, frames=32):
    t = torch.linspace(0, 1, frames)
    rpm = 0.5 + torch.rand(n, 1, 1)
    strike = (torch.rand(n, 1, 1) < 0.5).float() * torch.exp(-((t - torch.rand(n, 1, 1)) ** 2) / 0.002)
    base = 0.4 * torch.sin(2 * 3.1416 * 8 * rpm * t)
    return (base + strike).expand(n, 2, frames) + 0.05 * torch.randn(n, 2, frames)


def input_grad_norm(netD, real):
    x = Variable(real.data, requires_grad=True)
    out = netD(x)
    g = torch.autograd.grad(outputs=out, inputs=x, grad_outputs=torch.ones(out.size()),
                            create_graph=False, retain_graph=False, only_inputs=True)[0]
    return g.view(g.size(0), -1).norm(2, dim=1).mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--n-critic", type=int, default=3)
    ap.add_argument("--clip", type=float, default=0.05)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(10)
    netD, netG = SpecNet(CRITIC), SpecNet(GENERATOR)
    optD = torch.optim.RMSprop(netD.parameters(), lr=5e-5)
    optG = torch.optim.RMSprop(netG.parameters(), lr=5e-5)
    for it in range(args.iters):
        for _ in range(args.n_critic):
            for p in netD.parameters():
                p.data.clamp_(-args.clip, args.clip)
            real = Variable(blade_strikes(args.batch))
            fake = Variable(netG(torch.randn(args.batch, 8)).data)
            errD = -(netD(real).mean() - netD(fake).mean())
            optD.zero_grad()
            errD.backward()
            optD.step()
        errG = -netD(netG(torch.randn(args.batch, 8))).mean()
        optG.zero_grad()
        errG.backward()
        optG.step()
        print("iter %d errD %.3e errG %.3e |dD/dx| %.3e" % (it, errD.item(), errG.item(), input_grad_norm(netD, real)))


if __name__ == "__main__":
    main()
