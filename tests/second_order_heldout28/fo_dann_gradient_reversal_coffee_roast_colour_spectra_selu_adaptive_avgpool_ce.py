"""Domain-adversarial roast-degree classifier for coffee beans (Ganin & Lempitsky, DANN).

Colour spectra (48 bands) from two different roasters' sensors: labelled source site,
unlabelled target site. A gradient-reversal layer (custom autograd.Function) makes the
feature extractor domain-invariant. Everything is first order.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

ROAST_LEVELS = ("light", "medium", "dark")


class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return -ctx.lambd * grad_output, None


def grad_reverse(x, lambd=1.0):
    return GradReverse.apply(x, lambd)


class FeatureExtractor(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, ch, 5, padding=2),
            nn.SELU(),
            nn.Conv1d(ch, ch, 3, padding=1),
            nn.SELU(),
            nn.AdaptiveAvgPool1d(6),
            nn.Flatten(),
        )
        self.out_dim = ch * 6

    def forward(self, x):
        return self.net(x[:, None])


class DANN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FeatureExtractor()
        self.label_head = nn.Linear(self.features.out_dim, len(ROAST_LEVELS))
        self.domain_head = nn.Sequential(nn.Linear(self.features.out_dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x, lambd):
        f = self.features(x)
        return self.label_head(f), self.domain_head(grad_reverse(f, lambd)).squeeze(-1)


def roaster_batch(n, site):
    wl = torch.linspace(0, 1, 48)
    y = torch.randint(0, 3, (n,))
    darkness = 0.3 + 0.3 * y.float()[:, None]
    spectrum = torch.exp(-darkness * 3 * (1 - wl)) + 0.03 * torch.randn(n, 48)
    if site == "target":
        spectrum = 0.8 * spectrum + 0.1 * wl  # different sensor response
    return spectrum, y


def main():
    torch.manual_seed(0)
    model = DANN()
    domain_loss = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    total_steps = 4
    for step in range(total_steps):
        p = step / total_steps
        lambd = 2.0 / (1.0 + torch.exp(torch.tensor(-10.0 * p)).item()) - 1.0
        xs, ys = roaster_batch(16, "source")
        xt, _ = roaster_batch(16, "target")
        logits_s, dom_s = model(xs, lambd)
        _, dom_t = model(xt, lambd)
        cls_loss = F.cross_entropy(logits_s, ys)
        dom_loss = domain_loss(dom_s, torch.zeros_like(dom_s)) + domain_loss(dom_t, torch.ones_like(dom_t))
        loss = cls_loss + dom_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} lambda {lambd:.3f} cls {cls_loss.item():.3f} domain {dom_loss.item():.3f}")


if __name__ == "__main__":
    main()
