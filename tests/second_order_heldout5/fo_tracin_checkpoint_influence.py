"""TracIn (Pruthi et al. 2020) data attribution for a character-level CNN text classifier: the influence of
a training example on a test example is the sum over saved checkpoints of lr * <grad L(z_train), grad
L(z_test)>. Only first-order gradients, taken with create_graph=False."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class CharCNN(nn.Module):
    def __init__(self, n_chars=70, emb=32, channels=64, n_classes=4):
        super().__init__()
        self.emb = nn.Embedding(n_chars, emb)
        self.conv1 = nn.Conv1d(emb, channels, 7)
        self.conv2 = nn.Conv1d(channels, channels, 3)
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, chars):
        h = self.emb(chars).permute(0, 2, 1)
        h = F.max_pool1d(F.relu(self.conv1(h)), 3)
        h = F.relu(self.conv2(h))
        return self.fc(F.max_pool1d(h, h.shape[-1]).squeeze(-1))


def per_example_grad(model, x, y, params):
    loss = F.cross_entropy(model(x.unsqueeze(0)), y.unsqueeze(0))
    grads = torch.autograd.grad(loss, params, create_graph=False)
    return torch.cat([g.reshape(-1) for g in grads])


def train_with_checkpoints(loader, epochs=6, lr=0.1):
    model = CharCNN()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    checkpoints = []
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
        checkpoints.append((copy.deepcopy(model.state_dict()), opt.param_groups[0]["lr"]))
    return checkpoints


def tracin_scores(checkpoints, train_set, test_example):
    model = CharCNN()
    scores = torch.zeros(len(train_set))
    for state, lr in checkpoints:
        model.load_state_dict(state)
        model.eval()
        params = [model.fc.weight, model.fc.bias, model.conv2.weight]
        g_test = per_example_grad(model, *test_example, params)
        for i, (x, y) in enumerate(train_set):
            scores[i] += lr * torch.dot(per_example_grad(model, x, y, params), g_test).item()
    return scores
