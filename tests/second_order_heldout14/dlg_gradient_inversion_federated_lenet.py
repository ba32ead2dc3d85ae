"""Deep Leakage from Gradients (Zhu et al. 2019) against a federated client: dummy images and soft labels
are optimised with L-BFGS so that their parameter gradients match the gradients the client shared."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LeNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        act = nn.Sigmoid
        self.body = nn.Sequential(
            nn.Conv2d(3, 12, kernel_size=5, padding=5 // 2, stride=2), act(),
            nn.Conv2d(12, 12, kernel_size=5, padding=5 // 2, stride=2), act(),
            nn.Conv2d(12, 12, kernel_size=5, padding=5 // 2, stride=1), act(),
        )
        self.fc = nn.Sequential(nn.Linear(768, n_classes))

    def forward(self, x):
        out = self.body(x)
        return self.fc(out.view(out.size(0), -1))


def cross_entropy_for_onehot(pred, target):
    return torch.mean(torch.sum(-target * F.log_softmax(pred, dim=-1), 1))


net = LeNet()
gt_data = torch.rand(1, 3, 32, 32)
gt_onehot = F.one_hot(torch.tensor([3]), num_classes=10).float()
y = cross_entropy_for_onehot(net(gt_data), gt_onehot)
original_dy_dx = [g.detach().clone() for g in torch.autograd.grad(y, net.parameters())]

dummy_data = torch.randn(gt_data.size()).requires_grad_(True)
dummy_label = torch.randn(gt_onehot.size()).requires_grad_(True)
optimizer = torch.optim.LBFGS([dummy_data, dummy_label], max_iter=2)

for iters in range(2):
    def closure():
        optimizer.zero_grad()
        dummy_pred = net(dummy_data)
        dummy_onehot_label = F.softmax(dummy_label, dim=-1)
        dummy_loss = cross_entropy_for_onehot(dummy_pred, dummy_onehot_label)
        dummy_dy_dx = torch.autograd.grad(dummy_loss, net.parameters(), create_graph=True)
        grad_diff = 0
        for gx, gy in zip(dummy_dy_dx, original_dy_dx):
            grad_diff += ((gx - gy) ** 2).sum()
        grad_diff.backward()
        return grad_diff

    optimizer.step(closure)
    print(iters, closure().item())
