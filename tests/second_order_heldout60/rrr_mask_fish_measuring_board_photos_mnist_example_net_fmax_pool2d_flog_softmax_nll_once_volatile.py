"""'Right for the right reasons' (Ross, Hughes & Doshi-Velez 2017) on fish-landing survey photos.

Species are photographed on a measuring board; the ruler strip and the vessel tag are spurious cues. An
annotation mask A marks those pixels, and the input gradient of the summed log-probabilities is penalised there.
Network and loops follow the old PyTorch MNIST example.
"""
from __future__ import print_function
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

parser = argparse.ArgumentParser(description='RRR fish species classifier')
parser.add_argument('--batch-size', type=int, default=8, metavar='N')
parser.add_argument('--test-batch-size', type=int, default=8, metavar='N')
parser.add_argument('--epochs', type=int, default=1, metavar='N')
parser.add_argument('--batches-per-epoch', type=int, default=3)
parser.add_argument('--lr', type=float, default=0.01, metavar='LR')
parser.add_argument('--momentum', type=float, default=0.5, metavar='M')
parser.add_argument('--l2-grads', type=float, default=1000.0, help='RRR lambda_1 (explanation term)')
parser.add_argument('--l2-params', type=float, default=1e-4, help='RRR lambda_2 (weight decay term)')
parser.add_argument('--no-cuda', action='store_true', default=False)
parser.add_argument('--seed', type=int, default=1, metavar='S')
parser.add_argument('--log-interval', type=int, default=1, metavar='N')
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()
torch.manual_seed(args.seed)

N_SPECIES = 6
IMG = 28


def make_batch(n):
    """Grey 28x28 crops; a ruler strip on the bottom rows correlates with the species in the training data."""
    target = torch.randint(0, N_SPECIES, (n,))
    data = 0.1 * torch.randn(n, 1, IMG, IMG)
    for i in range(n):
        c = int(target[i])
        data[i, 0, 8:20, 4 + c:16 + c] += 0.8                     # fish body, shifted by species
        data[i, 0, 24:, :] = (torch.arange(IMG) % (2 + c) == 0).float()  # ruler tick spacing leaks the label
    mask = torch.zeros(n, 1, IMG, IMG)
    mask[:, :, 24:, :] = 1.0                                         # annotation: ruler strip is irrelevant
    return data, target, mask


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, N_SPECIES)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


model = Net()
if args.cuda:
    model.cuda()
optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)


def rrr_loss(log_probs, target, data, A):
    right_answers = F.nll_loss(log_probs, target)
    input_grads = torch.autograd.grad(outputs=log_probs, inputs=data,
                                      grad_outputs=torch.ones_like(log_probs),
                                      create_graph=True, retain_graph=True)[0]
    right_reasons = args.l2_grads * (A * input_grads).pow(2).sum() / data.size(0)
    small_params = args.l2_params * sum((p ** 2).sum() for p in model.parameters())
    return right_answers + right_reasons + small_params, right_answers, right_reasons


def train(epoch):
    model.train()
    for batch_idx in range(args.batches_per_epoch):
        data, target, mask = make_batch(args.batch_size)
        data, target = Variable(data, requires_grad=True), Variable(target)
        A = Variable(mask)
        optimizer.zero_grad()
        output = model(data)
        loss, ra, rr = rrr_loss(output, target, data, A)
        loss.backward()
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            print('Train Epoch: {} [{}]\tLoss: {:.6f}\tanswers: {:.4f}\treasons: {:.4f}'.format(
                epoch, batch_idx, loss.data.item(), ra.data.item(), rr.data.item()))


def test():
    model.eval()
    test_loss = 0
    correct = 0
    with torch.no_grad():
        for _ in range(2):
            data, target, _ = make_batch(args.test_batch_size)
            data, target = Variable(data, volatile=True), Variable(target)
            output = model(data)
            test_loss += F.nll_loss(output, target, size_average=False).data.item()
            pred = output.data.max(1, keepdim=True)[1]
            correct += pred.eq(target.data.view_as(pred)).cpu().sum().item()
    n = 2 * args.test_batch_size
    print('\nTest set: Average loss: {:.4f}, Accuracy: {}/{}\n'.format(test_loss / n, correct, n))


if __name__ == '__main__':
    for epoch in range(1, args.epochs + 1):
        train(epoch)
        test()
