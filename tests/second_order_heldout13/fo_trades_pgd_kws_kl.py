"""TRADES adversarial training (Zhang et al. 2019) for a keyword-spotting CNN on MFCC frames. The
adversarial example maximises KL(f(x) || f(x_adv)) with PGD (plain first-order input gradients);
the model update uses CE on clean inputs plus beta * KL on the frozen adversarial examples."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class KWSNet(nn.Module):
    def __init__(self, n_mfcc=40, n_kw=12):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(n_mfcc, 64, 5, padding=2), nn.GroupNorm(8, 64), nn.PReLU(64), nn.AvgPool1d(2),
            nn.Conv1d(64, 64, 3, padding=1), nn.ReLU6(), nn.AdaptiveAvgPool1d(1),
        )
        self.fc = nn.Linear(64, n_kw)

    def forward(self, x):
        return self.fc(self.conv(x).squeeze(-1))


def trades_adv(model, x, eps=0.1, alpha=0.02, steps=5):
    criterion_kl = nn.KLDivLoss(reduction="sum")
    model.eval()
    with torch.no_grad():
        p_nat = F.softmax(model(x), dim=1)
    x_adv = x + 0.001 * torch.randn_like(x)
    for _ in range(steps):
        x_adv.requires_grad_(True)
        loss_kl = criterion_kl(F.log_softmax(model(x_adv), dim=1), p_nat)
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = x_adv.detach() + alpha * torch.sign(grad.detach())
        x_adv = torch.min(torch.max(x_adv, x - eps), x + eps)
    model.train()
    return x_adv.detach()


def trades_loss(model, x, y, beta=6.0):
    x_adv = trades_adv(model, x)
    logits = model(x)
    loss_nat = F.cross_entropy(logits, y)
    loss_rob = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1), reduction="batchmean")
    return loss_nat + beta * loss_rob


if __name__ == "__main__":
    model = KWSNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for step in range(2):
        x, y = torch.randn(4, 40, 50), torch.randint(0, 12, (4,))
        loss = trades_loss(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            acc = (model(x).argmax(1) == y).float().mean()
        print(step, loss.item(), acc.item())
