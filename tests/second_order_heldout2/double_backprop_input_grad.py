"""Double backpropagation (Drucker & LeCun; Ross & Doshi-Velez): penalise the input gradient of the loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.conv1(x)))
        x = self.pool(torch.relu(self.conv2(x)))
        x = torch.relu(self.fc1(x.flatten(1)))
        return F.log_softmax(self.fc2(x), dim=1)


def input_gradient_loss(model, x, y, lam=100.0):
    x = x.clone().requires_grad_(True)
    logp = model(x)
    nll = -(logp * F.one_hot(y, 10).float()).sum(1).mean()
    (gx,) = torch.autograd.grad(nll, x, create_graph=True)
    return nll + lam * gx.pow(2).sum((1, 2, 3)).mean()


def train(loader, epochs=10):
    model = LeNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            loss = input_gradient_loss(model, x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
