"""R1-regularised GAN on saffron-thread grading features: the critic's stages come from a generator method that
`yield from`s another generator method, collected with `nn.ModuleList(list(...))`; the generator network is trained
first order only."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StageCritic(nn.Module):
    def __init__(self, widths):
        super().__init__()
        self.stages = nn.ModuleList(list(self._stages(widths)))
        self.head = nn.Linear(widths[-1], 1)

    def _pairs(self, widths):
        for a, b in zip(widths[:-1], widths[1:]):
            yield nn.Linear(a, b)
            yield nn.PReLU(b)

    def _stages(self, widths):
        yield from self._pairs(widths)
        yield nn.Hardswish()

    def forward(self, x):
        for stage in self.stages:
            x = stage(x)
        return self.head(x)


class Generator(nn.Module):
    def __init__(self, z_dim, out_dim):
        super().__init__()
        self.net = nn.Sequential(*self._layers(z_dim, out_dim))

    @staticmethod
    def _layers(z_dim, out_dim):
        yield nn.Linear(z_dim, 16)
        yield nn.ReLU6()
        yield nn.Linear(16, out_dim)

    def forward(self, z):
        return self.net(z)


def main():
    torch.manual_seed(0)
    critic, gen = StageCritic([6, 12, 12]), Generator(4, 6)
    opt_d = torch.optim.Adam(critic.parameters(), lr=1e-3)
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-3)
    for step in range(2):
        real = torch.randn(8, 6).requires_grad_(True)
        fake = gen(torch.randn(8, 4)).detach()
        d_real = critic(real)
        (g,) = torch.autograd.grad(d_real.sum(), real, create_graph=True)
        r1 = g.pow(2).sum(dim=1).mean()
        loss_d = F.softplus(critic(fake)).mean() + F.softplus(-d_real).mean() + 5.0 * r1
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-critic(gen(torch.randn(8, 4)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(step, loss_d.item(), loss_g.item())


if __name__ == "__main__":
    main()
