"""Sliced score matching (Song et al. 2019) on 3-D CIELAB colours of ceramic glaze test chips."""
import torch
import torch.nn as nn


class ScoreNet(nn.Module):
    def __init__(self, dim=3, hidden=48):
        super().__init__()
        self.blocks = nn.ModuleDict({
            "inp": nn.Linear(dim, hidden),
            "mid": nn.Linear(hidden, hidden),
            "out": nn.Linear(hidden, dim),
        })
        self.clip = nn.ReLU6()
        self.leak = nn.LeakyReLU(0.1)

    def forward(self, x):
        h = self.clip(self.blocks["inp"](x) + 3.0) - 3.0
        h = self.leak(self.blocks["mid"](h))
        return self.blocks["out"](h)


def sliced_score_loss(score_net, x, n_proj=2):
    x = x.unsqueeze(0).expand(n_proj, *x.shape).reshape(-1, x.shape[-1]).requires_grad_(True)
    v = torch.randn_like(x)
    v = v / v.norm(dim=-1, keepdim=True)
    s = score_net(x)
    sv = (s * v).sum()
    (grad_sv,) = torch.autograd.grad(sv, x, create_graph=True)
    term1 = (grad_sv * v).sum(-1)
    term2 = 0.5 * (s * v).sum(-1) ** 2
    return (term1 + term2).mean()


def load_chips(n=64):
    centres = torch.tensor([[60.0, 20.0, 30.0], [40.0, -10.0, 15.0], [75.0, 5.0, -20.0]])
    idx = torch.randint(0, 3, (n,))
    lab = centres[idx] + 4.0 * torch.randn(n, 3)
    return (lab - lab.mean(0)) / lab.std(0)


def main(epochs=3):
    torch.manual_seed(0)
    net = ScoreNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    data = load_chips()
    for ep in range(epochs):
        loss = sliced_score_loss(net, data)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    main()
