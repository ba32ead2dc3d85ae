"""DP-SGD for a sourdough-starter rise predictor: per-sample gradients from vmap(grad(...)) are clipped, noised and
written to .grad (no backward through them), and the input Jacobian from jacrev is only logged. A plain first-order
warm-up epoch runs before. torch.func differentiates once everywhere."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacrev, vmap


class RiseNet(nn.Module):
    def __init__(self, d=6, h=24, n_cls=3):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.act = nn.ELU()
        self.fc2 = nn.Linear(h, n_cls)

    def forward(self, x):
        return F.log_softmax(self.fc2(self.act(self.fc1(x))), dim=-1)


def readings(n=16):
    x = torch.randn(n, 6)
    return x, (x[:, 0] > 0).long() + (x[:, 1] > 1).long()


def main(clip=1.0, sigma=0.5):
    net = RiseNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    x, y = readings()
    warm = F.nll_loss(net(x), y)
    opt.zero_grad()
    warm.backward()
    opt.step()

    params = {k: v.detach() for k, v in net.named_parameters()}

    def sample_loss(p, xi, yi):
        return F.nll_loss(functional_call(net, p, (xi[None],)), yi[None])

    per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, x, y)
    norms = torch.sqrt(sum(g.flatten(1).pow(2).sum(1) for g in per_sample.values()))
    scale = (clip / (norms + 1e-6)).clamp(max=1.0)
    for k, p in net.named_parameters():
        g = (per_sample[k] * scale.view(-1, *[1] * (per_sample[k].dim() - 1))).sum(0)
        p.grad = (g + sigma * clip * torch.randn_like(g)) / len(x)
    opt.step()

    jac = jacrev(lambda inp: functional_call(net, params, (inp,)))(x[:1])
    print("input-jacobian norm", jac.norm().item())


if __name__ == "__main__":
    main()
