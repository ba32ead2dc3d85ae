"""TRADES with an extra input-gradient regulariser: the robust KL term uses a PGD point found with plain
first-order gradients, and the natural cross-entropy's input gradient is penalised (double backprop,
Ross & Doshi-Velez 2018) on top. Small pre-activation CNN with global max pooling."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PreActBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.bn1 = nn.BatchNorm2d(cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.short = nn.Conv2d(cin, cout, 1, stride, bias=False) if stride != 1 or cin != cout else None

    def forward(self, x):
        out = F.relu(self.bn1(x))
        sc = self.short(out) if self.short is not None else x
        out = self.conv1(out)
        out = self.conv2(F.relu(self.bn2(out)))
        return out + sc


class SmallPreAct(nn.Module):
    def __init__(self, num_classes=10, width=32):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, 1, 1, bias=False)
        self.blocks = nn.Sequential(PreActBlock(width, width), PreActBlock(width, 2 * width, 2),
                                    PreActBlock(2 * width, 4 * width, 2))
        self.bn = nn.BatchNorm2d(4 * width)
        self.gmp = nn.AdaptiveMaxPool2d(1)
        self.fc = nn.Linear(4 * width, num_classes)

    def forward(self, x):
        h = F.relu(self.bn(self.blocks(self.stem(x))))
        return self.fc(self.gmp(h).flatten(1))


def pgd_kl(model, x, eps=8 / 255, alpha=2 / 255, steps=10):
    model.eval()
    with torch.no_grad():
        p_nat = F.softmax(model(x), dim=1)
    x_adv = x + 0.001 * torch.randn_like(x)
    for _ in range(steps):
        x_adv.requires_grad_(True)
        loss_kl = F.kl_div(F.log_softmax(model(x_adv), dim=1), p_nat, reduction="sum")
        g, = torch.autograd.grad(loss_kl, x_adv)
        x_adv = torch.min(torch.max(x_adv.detach() + alpha * g.sign(), x - eps), x + eps).clamp(0, 1)
    model.train()
    return x_adv.detach()


def trades_gr_loss(model, x, y, beta=6.0, lam=0.5):
    x_adv = pgd_kl(model, x)
    x = x.clone().requires_grad_(True)
    logits = model(x)
    loss_nat = F.cross_entropy(logits, y)
    grad_x, = torch.autograd.grad(loss_nat, x, create_graph=True)
    loss_gr = grad_x.flatten(1).pow(2).sum(1).mean()
    loss_rob = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1), reduction="batchmean")
    return loss_nat + beta * loss_rob + lam * loss_gr


def train_epoch(model, loader, opt):
    for x, y in loader:
        loss = trades_gr_loss(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    m = SmallPreAct(width=8)
    train_epoch(m, [(torch.rand(2, 3, 16, 16), torch.randint(0, 10, (2,)))], torch.optim.SGD(m.parameters(), 0.1))
