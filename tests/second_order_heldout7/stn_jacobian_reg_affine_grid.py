"""Spatial-transformer classifier for cluttered digits, trained with the random-projection Jacobian
regulariser of Hoffman, Roberts & Yaida (2019): ||J(x)||_F^2 is estimated from v^T J with random unit v."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class STNClassifier(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.loc_conv1 = nn.Conv2d(1, 8, 7)
        self.loc_conv2 = nn.Conv2d(8, 10, 5)
        self.loc_fc = nn.Sequential(nn.Linear(10 * 3 * 3, 32), nn.ReLU(True), nn.Linear(32, 6))
        self.loc_fc[2].weight.data.zero_()
        self.loc_fc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
        self.conv1 = nn.Conv2d(1, 10, 5)
        self.conv2 = nn.Conv2d(10, 20, 5)
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, n_classes)

    def stn(self, x):
        xs = F.relu(F.max_pool2d(self.loc_conv1(x), 2, stride=2))
        xs = F.relu(F.max_pool2d(self.loc_conv2(xs), 2, stride=2))
        theta = self.loc_fc(xs.view(-1, 10 * 3 * 3)).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False)

    def forward(self, x):
        x = self.stn(x)
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        return self.fc2(F.relu(self.fc1(x.flatten(1))))


def jacobian_frobenius(x, logits, n_proj=1):
    c = logits.size(1)
    est = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(logits)
        v = v / v.norm(dim=1, keepdim=True)
        (jv,) = torch.autograd.grad(logits, x, grad_outputs=v, create_graph=True)
        est = est + c * jv.pow(2).sum() / (n_proj * x.size(0))
    return est


def train_epoch(model, loader, opt, lam_jr=0.01):
    model.train()
    for x, y in loader:
        x.requires_grad_(True)
        logits = model(x)
        loss_sup = F.cross_entropy(logits, y)
        loss = loss_sup + 0.5 * lam_jr * jacobian_frobenius(x, logits)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    model = STNClassifier()
    train_epoch(model, [(torch.randn(2, 1, 28, 28), torch.tensor([1, 2]))], torch.optim.SGD(model.parameters(), 0.01))
