"""Virtual adversarial training for a hop-kiln moisture classifier (semi-supervised).

Unlike the usual VAT recipe, the adversarial direction is NOT detached: the power-iteration
gradient stays in the graph, so the smoothness loss is differentiated through it.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

XI, EPS, POWER_ITERS, ALPHA = 1e-2, 0.5, 1, 1.0


class KilnNet(nn.Module):
    def __init__(self, n_feat=12, n_cls=3):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_feat, 32),
            nn.Softshrink(0.05),
            nn.Linear(32, 32),
            nn.Tanhshrink(),
        )
        self.cls = nn.Linear(32, n_cls)

    def forward(self, x):
        return self.cls(self.body(x))


def vat_direction(model, x, p_clean):
    d = torch.randn_like(x)
    d = XI * d / d.norm(dim=1, keepdim=True)
    d.requires_grad_(True)
    for _ in range(POWER_ITERS):
        logp_hat = F.log_softmax(model(x + d), dim=1)
        adv_distance = F.kl_div(logp_hat, p_clean, reduction="batchmean")
        (g,) = torch.autograd.grad(adv_distance, d, create_graph=True)
        d = XI * F.normalize(g, dim=1)
    return EPS * d / XI


def main():
    torch.manual_seed(0)
    model = KilnNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(3):
        xl, yl = torch.randn(8, 12), torch.randint(0, 3, (8,))
        xu = torch.randn(24, 12)
        sup = F.cross_entropy(model(xl), yl)
        with torch.no_grad():
            p_clean = F.softmax(model(xu), dim=1)
        r_adv = vat_direction(model, xu, p_clean)
        lds = F.kl_div(F.log_softmax(model(xu + r_adv), dim=1), p_clean, reduction="batchmean")
        loss = sup + ALPHA * lds
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(sup.item(), 4), round(lds.item(), 5))


if __name__ == "__main__":
    main()
