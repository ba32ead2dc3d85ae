"""Precipitation nowcasting classifier on radar/satellite stacks with gradient-norm logging, gradient
clipping, validation under torch.no_grad and vanilla-gradient saliency maps upsampled to the input grid."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class NowcastNet(nn.Module):
    def __init__(self, in_ch=4, c=32, n_cls=3):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(in_ch, c, 3, padding=1), nn.ReLU6(), nn.MaxPool2d(2),
            nn.Conv2d(c, c, 3, padding=1), nn.LeakyReLU(0.1),
        )
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.cls = nn.Linear(c, n_cls)

    def forward(self, x):
        return self.cls(self.gap(self.enc(x)).flatten(1))


def saliency(model, x, target):
    model.eval()
    x = x.clone().requires_grad_(True)
    score = model(x).gather(1, target.view(-1, 1)).sum()
    grad, = torch.autograd.grad(score, x, create_graph=False)
    sal = grad.abs().amax(1, keepdim=True)
    sal = F.interpolate(F.avg_pool2d(sal, 2), size=x.shape[-2:], mode="bilinear", align_corners=False)
    model.train()
    return sal / (sal.amax((2, 3), keepdim=True) + 1e-8)


def train_epoch(model, opt, batches, log_every=1):
    for i, (x, y) in enumerate(batches):
        loss = F.cross_entropy(model(x), y, label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        if i % log_every == 0:
            total = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None))
            print(f"batch {i} loss {loss.item():.3f} grad-norm {total.item():.3f}")
        nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()


@torch.no_grad()
def evaluate(model, batches):
    model.eval()
    correct = sum((model(x).argmax(1) == y).sum().item() for x, y in batches)
    model.train()
    return correct / sum(len(y) for _, y in batches)


if __name__ == "__main__":
    model = NowcastNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    data = [(torch.randn(4, 4, 32, 32), torch.randint(0, 3, (4,))) for _ in range(2)]
    train_epoch(model, opt, data)
    print(evaluate(model, data), saliency(model, data[0][0], data[0][1]).shape)
