"""Meta-learned data augmentation for chalkboard digit crops (10x10): a learnable affine warp
(rotation + scale) is trained by the validation loss after one differentiable SGD step of the classifier
on augmented training data (hypergradient through the lookahead, create_graph=True).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class ChalkNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.conv = nn.Conv2d(1, 6, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(6 * 5 * 5, n_classes)

    def forward(self, x):
        h = self.pool(torch.tanh(self.conv(x)))
        return self.fc(h.flatten(1))


class AffineAugment(nn.Module):
    def __init__(self):
        super().__init__()
        self.angle = nn.Parameter(torch.tensor(0.1))
        self.log_scale = nn.Parameter(torch.tensor(0.0))

    def forward(self, x):
        c, s = torch.cos(self.angle), torch.sin(self.angle)
        k = torch.exp(self.log_scale)
        theta = torch.stack([torch.stack([k * c, -k * s, torch.zeros(())]),
                             torch.stack([k * s, k * c, torch.zeros(())])])
        grid = F.affine_grid(theta.expand(x.size(0), 2, 3), list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False, padding_mode="border")


def digits(n):
    y = torch.randint(0, 10, (n,))
    x = torch.zeros(n, 1, 10, 10)
    for i, label in enumerate(y.tolist()):
        x[i, 0, 1 + label % 8, 1:9] = 1.0
        x[i, 0, 1:9, 1 + label // 2] += 0.5
    return x + 0.1 * torch.randn_like(x), y


def lookahead_step(model, aug, x, y, lr):
    params = dict(model.named_parameters())
    train_loss = F.cross_entropy(functional_call(model, params, (aug(x),)), y)
    grads = torch.autograd.grad(train_loss, list(params.values()), create_graph=True)
    return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}, train_loss


def main(steps=3, inner_lr=0.1):
    torch.manual_seed(8)
    model, aug = ChalkNet(), AffineAugment()
    opt_model = torch.optim.SGD(model.parameters(), lr=inner_lr)
    opt_aug = torch.optim.Adam(aug.parameters(), lr=1e-2)
    for step in range(steps):
        x_tr, y_tr = digits(16)
        x_val, y_val = digits(16)
        fast, train_loss = lookahead_step(model, aug, x_tr, y_tr, inner_lr)
        val_loss = F.cross_entropy(functional_call(model, fast, (x_val,)), y_val)
        opt_aug.zero_grad()
        val_loss.backward(inputs=list(aug.parameters()))
        opt_aug.step()

        loss = F.cross_entropy(model(aug(x_tr).detach()), y_tr)
        opt_model.zero_grad()
        loss.backward()
        opt_model.step()
        print(f"step {step}: val={val_loss.item():.3f} angle={aug.angle.item():.3f}")


if __name__ == "__main__":
    main()
