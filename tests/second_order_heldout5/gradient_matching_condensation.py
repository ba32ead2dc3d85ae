"""Dataset condensation with gradient matching (Zhao et al. 2021): synthetic images are learned so that the
network's parameter gradients on them match those on real data. The synthetic gradients are taken with
create_graph=True and the matching distance is backpropagated into the images."""
import torch
import torch.nn as nn


def get_default_convnet_setting():
    net_width, net_depth, net_act, net_norm, net_pooling = 128, 3, "relu", "instancenorm", "avgpooling"
    return net_width, net_depth, net_act, net_norm, net_pooling


class ConvNet(nn.Module):
    def __init__(self, channel, num_classes, net_width, net_depth, net_act, net_norm, net_pooling, im_size=(32, 32)):
        super().__init__()
        self.features, shape_feat = self._make_layers(channel, net_width, net_depth, net_norm, net_act, net_pooling, im_size)
        num_feat = shape_feat[0] * shape_feat[1] * shape_feat[2]
        self.classifier = nn.Linear(num_feat, num_classes)

    def forward(self, x):
        out = self.features(x)
        out = out.view(out.size(0), -1)
        return self.classifier(out)

    def _get_activation(self, net_act):
        if net_act == "sigmoid":
            return nn.Sigmoid()
        elif net_act == "relu":
            return nn.ReLU(inplace=True)
        elif net_act == "leakyrelu":
            return nn.LeakyReLU(negative_slope=0.01)
        exit("unknown activation function: %s" % net_act)

    def _get_pooling(self, net_pooling):
        if net_pooling == "maxpooling":
            return nn.MaxPool2d(kernel_size=2, stride=2)
        elif net_pooling == "avgpooling":
            return nn.AvgPool2d(kernel_size=2, stride=2)
        elif net_pooling == "none":
            return None
        exit("unknown net_pooling: %s" % net_pooling)

    def _get_normlayer(self, net_norm, shape_feat):
        if net_norm == "batchnorm":
            return nn.BatchNorm2d(shape_feat[0], affine=True)
        elif net_norm == "instancenorm":
            return nn.GroupNorm(shape_feat[0], shape_feat[0], affine=True)
        elif net_norm == "none":
            return None
        exit("unknown net_norm: %s" % net_norm)

    def _make_layers(self, channel, net_width, net_depth, net_norm, net_act, net_pooling, im_size):
        layers = []
        in_channels = channel
        shape_feat = [in_channels, im_size[0], im_size[1]]
        for d in range(net_depth):
            layers += [nn.Conv2d(in_channels, net_width, kernel_size=3, padding=1)]
            shape_feat[0] = net_width
            if net_norm != "none":
                layers += [self._get_normlayer(net_norm, shape_feat)]
            layers += [self._get_activation(net_act)]
            in_channels = net_width
            if net_pooling != "none":
                layers += [self._get_pooling(net_pooling)]
                shape_feat[1] //= 2
                shape_feat[2] //= 2
        return nn.Sequential(*layers), shape_feat


def distance_wb(gwr, gws):
    shape = gwr.shape
    if len(shape) == 4:
        gwr = gwr.reshape(shape[0], shape[1] * shape[2] * shape[3])
        gws = gws.reshape(shape[0], shape[1] * shape[2] * shape[3])
    elif len(shape) == 1:
        return torch.tensor(0.0)
    return torch.sum(1 - torch.sum(gwr * gws, dim=-1) / (torch.norm(gwr, dim=-1) * torch.norm(gws, dim=-1) + 0.000001))


def match_loss(gw_syn, gw_real):
    return sum(distance_wb(gw_real[ig], gw_syn[ig]) for ig in range(len(gw_real)))


def condense(images_all, indices_class, num_classes=10, ipc=10, channel=3, iterations=1000, outer_loop=10,
             inner_loop=50, batch_real=256, lr_img=0.1, lr_net=0.01):
    image_syn = torch.randn(num_classes * ipc, channel, 32, 32, requires_grad=True)
    label_syn = torch.arange(num_classes).repeat_interleave(ipc)
    optimizer_img = torch.optim.SGD([image_syn], lr=lr_img, momentum=0.5)
    criterion = nn.CrossEntropyLoss()
    for it in range(iterations + 1):
        net = ConvNet(channel, num_classes, *get_default_convnet_setting())
        net.train()
        net_parameters = list(net.parameters())
        optimizer_net = torch.optim.SGD(net.parameters(), lr=lr_net)
        for ol in range(outer_loop):
            loss = torch.tensor(0.0)
            for c in range(num_classes):
                idx = indices_class[c][torch.randperm(len(indices_class[c]))[:batch_real]]
                img_real = images_all[idx]
                lab_real = torch.full((img_real.size(0),), c, dtype=torch.long)
                img_syn = image_syn[c * ipc:(c + 1) * ipc]
                lab_syn = torch.full((ipc,), c, dtype=torch.long)
                loss_real = criterion(net(img_real), lab_real)
                gw_real = torch.autograd.grad(loss_real, net_parameters)
                gw_real = list((_.detach().clone() for _ in gw_real))
                loss_syn = criterion(net(img_syn), lab_syn)
                gw_syn = torch.autograd.grad(loss_syn, net_parameters, create_graph=True)
                loss += match_loss(gw_syn, gw_real)
            optimizer_img.zero_grad()
            loss.backward()
            optimizer_img.step()
            if ol == outer_loop - 1:
                break
            image_syn_train, label_syn_train = image_syn.detach().clone(), label_syn.clone()
            for il in range(inner_loop):
                optimizer_net.zero_grad()
                criterion(net(image_syn_train), label_syn_train).backward()
                optimizer_net.step()
    return image_syn.detach(), label_syn
