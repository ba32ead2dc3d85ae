# Environmental-sound classifier trained with Jacobian regularisation (Hoffman, Roberts & Yaida 2019):
# ||J||_F^2 estimated with random unit projections v: ||v^T J||^2, J = d logits / d spectrogram.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpecNet(nn.Module):
    def __init__(self, n_classes=10, width=16):
        super().__init__()
        self.c1 = nn.Conv2d(1, width, 3, padding=1)
        self.c2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.bn1, self.bn2 = nn.BatchNorm2d(width), nn.BatchNorm2d(2 * width)
        self.fc = nn.Linear(2 * width, n_classes)

    def forward(self, spec):
        h = F.avg_pool2d(F.silu(self.bn1(self.c1(spec))), kernel_size=2)
        h = F.silu(self.bn2(self.c2(h)))
        return self.fc(h.mean(dim=(2, 3)))


def jacobian_frobenius(logits, inputs, n_proj=1):
    c = logits.size(1)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(logits)
        v = v / v.norm(dim=1, keepdim=True)
        (Jv,) = torch.autograd.grad(logits, inputs, grad_outputs=v, create_graph=True)
        total = total + c * Jv.pow(2).sum() / (n_proj * logits.size(0))
    return total


def epoch(model, opt, loader, lam=0.01):
    model.train()
    for spec, label in loader:
        spec = spec.requires_grad_(True)
        logits = model(spec)
        sup = F.cross_entropy(logits, label)
        jr = jacobian_frobenius(logits, spec)
        opt.zero_grad()
        (sup + 0.5 * lam * jr).backward()
        opt.step()
        print(f"ce={sup.item():.3f} jr={jr.item():.3f}")


if __name__ == "__main__":
    net = SpecNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    data = [(torch.randn(4, 1, 16, 16), torch.randint(0, 10, (4,))) for _ in range(2)]
    epoch(net, opt, data)
