"""Standard virtual adversarial training (Miyato et al.) for cider-press sugar-content classes.

The power-iteration gradient is detached (the adversarial direction is treated as a constant),
so only first-order gradients are needed.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

VAT = dict(xi=1e-6, eps=2.0, iters=1, weight=0.3)


class PressNet(nn.Module):
    def __init__(self, n_feat=10, n_cls=4):
        super().__init__()
        self.fc1 = nn.Linear(n_feat, 32)
        self.shrink = nn.Softshrink(0.1)
        self.fc2 = nn.Linear(32, n_cls)

    def forward(self, x):
        return self.fc2(self.shrink(self.fc1(x)))


def kl_to(p_clean, logits):
    return F.kl_div(F.log_softmax(logits, dim=1), p_clean, reduction="batchmean")


def adversarial_direction(model, x, p_clean):
    d = F.normalize(torch.randn_like(x), dim=1)
    for _ in range(VAT["iters"]):
        d = (VAT["xi"] * d).requires_grad_(True)
        dist = kl_to(p_clean, model(x + d))
        (g,) = torch.autograd.grad(dist, d)
        d = F.normalize(g.detach(), dim=1)
    return VAT["eps"] * d


def main():
    torch.manual_seed(0)
    model = PressNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(3):
        xl, yl = torch.randn(8, 10), torch.randint(0, 4, (8,))
        xu = torch.randn(32, 10)
        with torch.no_grad():
            p_clean = F.softmax(model(xu), dim=1)
        r_adv = adversarial_direction(model, xu, p_clean)
        lds = kl_to(p_clean, model(xu + r_adv))
        loss = F.cross_entropy(model(xl), yl) + VAT["weight"] * lds
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
