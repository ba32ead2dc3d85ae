"""Input-gradient regularisation (Ross & Doshi-Velez style double backprop) for a small leaf-disease classifier.

The model computes its own robust loss: cross-entropy plus the squared norm of d(CE)/d(image). The gradient is
taken with create_graph=self.training, so the penalty is differentiated again while training.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 5
IMG = 12
RESIZE = 16


class LeafNet(nn.Module):
    def __init__(self, n_classes=N_CLASSES, penalty=0.5):
        super().__init__()
        self.penalty = penalty
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU6(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1),
            nn.ReLU6(inplace=False),
        )
        self.classifier = nn.Linear(16 * (RESIZE // 2) ** 2, n_classes)

    def forward(self, img):
        x = F.interpolate(img, size=(RESIZE, RESIZE), mode="bilinear", align_corners=False)
        return self.classifier(self.features(x).flatten(1))

    def robust_loss(self, img, labels):
        img = img.clone().requires_grad_(True)
        logits = self(img)
        ce = F.cross_entropy(logits, labels)
        (g,) = torch.autograd.grad(ce, img, create_graph=self.training)
        reg = g.pow(2).sum(dim=(1, 2, 3)).mean()
        return ce + self.penalty * reg, ce.detach(), reg.detach()


def fake_leaves(n=16):
    x = torch.rand(n, 3, IMG, IMG)
    y = torch.randint(0, N_CLASSES, (n,))
    x[:, 1] += 0.1 * y[:, None, None].float()
    return x, y


def evaluate(model, n=32):
    model.eval()
    x, y = fake_leaves(n)
    with torch.no_grad():
        acc = (model(x).argmax(1) == y).float().mean()
    model.train()
    return acc.item()


def main():
    torch.manual_seed(6)
    model = LeafNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model.train()
    for epoch in range(5):
        x, y = fake_leaves()
        loss, ce, reg = model.robust_loss(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} ce {ce:.4f} grad-reg {reg:.2e} acc {evaluate(model):.2f}")


if __name__ == "__main__":
    main()
